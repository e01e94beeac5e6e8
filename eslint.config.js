// One lint habit for the JavaScript: the React pages and their helpers (components/), the inline
// loader every page carries (templates/) and the Node script of the bench (bench/). `npm run lint`
// runs ESLint and Prettier's check; `npm run format` applies both. Layout is Prettier's alone
// (.prettierrc.json): no rule here is about formatting.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const COMPONENTS = ['components/**/*.{js,jsx}'];
// The server bundle's entry and its polyfills run only in a bare V8 isolate (app/ssr.py), which
// has the ECMAScript built-ins and nothing of a browser or of Node.
const SERVER_ONLY = ['components/server.jsx', 'components/server-polyfills.js'];

export default [
  // What .gitignore leaves out (ESLint skips node_modules/ by itself): bundles, the virtualenv, data.
  { ignores: ['static/build/', '.venv/', 'data/', 'bench/out/'] },
  {
    files: [...COMPONENTS, 'templates/*.js', 'bench/*.mjs', 'eslint.config.js'],
    ...js.configs.recommended,
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      ...js.configs.recommended.rules,
      // A key taken out of an object to pass on the rest ({ key, ...props }) is not left unused.
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  { files: COMPONENTS, ...react.configs.flat.recommended },
  { files: COMPONENTS, ...react.configs.flat['jsx-runtime'] },
  { files: COMPONENTS, ...reactHooks.configs.flat.recommended },
  { files: COMPONENTS, ...jsxA11y.flatConfigs.recommended },
  {
    files: COMPONENTS,
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    settings: { react: { version: '19.3' } },
    rules: {
      // No component declares prop types: props come from the server's JSON and from each other.
      'react/prop-types': 'off',
    },
  },
  {
    // Components render in the browser and on the server: browser globals are there to use, and a
    // component touches them only in effects and event handlers, which a server render never runs.
    files: COMPONENTS,
    ignores: SERVER_ONLY,
    languageOptions: { globals: globals.browser },
  },

  {
    // The loader is inlined into every page as a classic script (app/document.py).
    files: ['templates/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['bench/*.mjs', 'eslint.config.js'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
];
