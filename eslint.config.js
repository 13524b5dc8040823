import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import fs from 'node:fs';

/** Layering of DESIGN §2, checked: each block forbids the imports that would point upward or sideways. */
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

const boundariesServer = [
  restrict(
    ['apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts', 'apps/server/src/config/**/*.ts'],
    [{ group: ['**/modules/**', '**/plugins/**'], message: 'lib/, db/ e config/ non importano moduli né plugin (DESIGN §2).' }],
  ),
  restrict(['apps/server/src/plugins/**/*.ts'], [{ group: ['**/modules/**'], message: 'plugins/ non importa moduli: ciò che serve a entrambi va in lib/ (DESIGN §2).' }]),
  restrict(
    ['apps/server/src/modules/**/*.ts'],
    [
      {
        // `../<other module>/<file>` where the file is not that module's service.
        regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service\\.js$)',
        message: "Un modulo usa un altro modulo solo tramite il suo *.service.ts (mai repository, routes o mapper).",
      },
    ],
  ),
];

const webFeatures = fs.readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

// The same layering for the web app (DESIGN §2.2): shared code never reaches into a feature, and
// features do not import each other.
const boundariesWeb = [
  restrict(
    ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/layout/**/*.{ts,tsx}'],
    [{ group: ['@/features/**'], message: 'components/, lib/ e layout/ non importano le feature.' }],
  ),
  ...webFeatures.map((name) =>
    restrict(
      [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
      [{ group: ['@/features/**', `!@/features/${name}`, `!@/features/${name}/**`], message: 'Una feature non importa un’altra feature: ciò che serve a entrambe va in components/ o lib/.' }],
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.pg/**',
      'apps/server/migrations/**',
      'apps/web/test-results/**',
      'apps/web/playwright-report/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
          message: 'sql.raw non è permesso: usa parametri (QUALITY S15).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      'react/no-danger': 'off',
      'no-restricted-properties': [
        'error',
        { property: 'dangerouslySetInnerHTML', message: 'Vietato (QUALITY S16).' },
      ],
      // The JSX attribute form, which no-restricted-properties does not see.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Vietato (QUALITY S16).' },
      ],
    },
  },
  ...boundariesServer,
  ...boundariesWeb,
);
