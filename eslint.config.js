// ESLint flat config: JavaScript and TypeScript recommended rules, React hooks rules, and the
// house rule that no source file branches on a sport code (what differs lives in sports/).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// The sport codes are the folders of sports/; comparing anything with one of them is a sport branch.
const SPORT_CODES = readdirSync(new URL('./sports/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^[A-Z0-9]{3}$/.test(entry.name))
  .map((entry) => entry.name);
const SPORT_CODE_LITERAL = `Literal[value=/^(${SPORT_CODES.join('|')})$/]`;
const SPORT_CODE_BRANCHES = [
  `BinaryExpression[operator=/^[!=]==?$/] > ${SPORT_CODE_LITERAL}`,
  `SwitchCase > ${SPORT_CODE_LITERAL}.test`,
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'src/generated/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-new-func': 'error',
      'no-eval': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...SPORT_CODE_BRANCHES.map((selector) => ({
          selector,
          message: 'src/ knows no sport: put what differs between sports in sports/<CODE>/sport.json.',
        })),
      ],
    },
  },
  { files: ['**/*.js'], languageOptions: { globals: { ...globals.node } } },
);
