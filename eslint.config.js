// ESLint flat config: JavaScript and TypeScript recommended rules, React hooks rules, and the
// house rule that no source file branches on a sport code (what differs lives in sports/).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SPORT_CODE_BRANCH = 'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^[A-Z0-9]{3}$/]';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'src/generated/'] },
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
        {
          selector: SPORT_CODE_BRANCH,
          message: 'src/ knows no sport: put what differs between sports in sports/<CODE>/sport.json.',
        },
      ],
    },
  },
  { files: ['**/*.js'], languageOptions: { globals: { ...globals.node } } },
);
