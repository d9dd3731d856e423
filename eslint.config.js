// ESLint flat config: JavaScript and TypeScript recommended rules, React hooks rules, and the
// house rule that no source file names a sport (eslint/rules/no-sport-code.js; what differs lives in sports/).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import podium from './eslint/rules/no-sport-code.js';

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
    plugins: { podium },
    rules: { 'podium/no-sport-code': 'error' },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
);
