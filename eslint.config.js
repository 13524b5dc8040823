import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import fs from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const ROOT = import.meta.dirname;
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const dirsOf = (dir) =>
  fs
    .readdirSync(new URL(`./${dir}`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Layering of docs/architecture.md, checked on the resolved file, so `../modules/x`, `../../modules/x` and
 * `@/features/x` are the same import to it. Each zone: files in `target` may not import files in
 * `from`, except the `except` globs (absolute, as the rule wants them).
 *
 * Server, from the bottom: db/, config/ and lib/ import nothing of the app; plugins/ may add lib/;
 * a module may add another module's `*.service.ts` (never its repository, routes or mapper) and
 * plugins/ (its routes use the auth guards); realtime/ may add a module's service and events port; seed/ may add the
 * composition root (`services.ts`) and modules' services and seeds; cli/ is an entry point like
 * main.ts but never reaches the web layer (routes, plugins, app.ts). Nothing imports main.ts or cli/.
 */
const serverZones = [
  {
    target: [`${SERVER}/lib/**`, `${SERVER}/db/**`, `${SERVER}/config/**`],
    from: [
      `${SERVER}/modules/**`,
      `${SERVER}/plugins/**`,
      `${SERVER}/realtime/**`,
      `${SERVER}/seed/**`,
      `${SERVER}/cli/**`,
      `${SERVER}/*.ts`,
    ],
    message:
      'lib/, db/ e config/ non importano moduli, plugin né il resto dell’app (docs/architecture.md).',
  },
  {
    target: `${SERVER}/plugins/**`,
    from: [
      `${SERVER}/modules/**`,
      `${SERVER}/realtime/**`,
      `${SERVER}/seed/**`,
      `${SERVER}/cli/**`,
      `${SERVER}/*.ts`,
    ],
    message:
      'plugins/ non importa moduli: ciò che serve a entrambi va in lib/ (docs/architecture.md).',
  },
  ...dirsOf(`${SERVER}/modules`).map((name) => ({
    target: `${SERVER}/modules/${name}/**`,
    from: `${SERVER}/modules/**`,
    // `*.reads.ts`: the plain reads a module offers others, so none of them names its tables.
    except: [
      `${ROOT}/${SERVER}/modules/${name}/**`,
      `${ROOT}/${SERVER}/modules/*/*.service.ts`,
      `${ROOT}/${SERVER}/modules/*/*.reads.ts`,
    ],
    message:
      'Un modulo usa un altro modulo solo tramite il suo *.service.ts o *.reads.ts (mai repository, routes o mapper).',
  })),
  {
    target: `${SERVER}/modules/**`,
    from: [`${SERVER}/realtime/**`, `${SERVER}/seed/**`, `${SERVER}/cli/**`, `${SERVER}/*.ts`],
    message:
      'Un modulo non importa app.ts, services.ts, seed/, realtime/ né cli/: riceve ciò che gli serve come parametro.',
  },
  {
    target: `${SERVER}/realtime/**`,
    from: [
      `${SERVER}/modules/**`,
      `${SERVER}/plugins/**`,
      `${SERVER}/seed/**`,
      `${SERVER}/cli/**`,
      `${SERVER}/*.ts`,
    ],
    // A module's `*.events.ts` is the port its service emits through; realtime/ implements it.
    except: [`${ROOT}/${SERVER}/modules/*/*.service.ts`, `${ROOT}/${SERVER}/modules/*/*.events.ts`],
    message:
      'realtime/ usa i moduli solo tramite i loro *.service.ts / *.events.ts e non importa plugin, seed, cli né app.ts.',
  },
  {
    target: `${SERVER}/seed/**`,
    from: [
      `${SERVER}/modules/**`,
      `${SERVER}/plugins/**`,
      `${SERVER}/realtime/**`,
      `${SERVER}/cli/**`,
      `${SERVER}/{app,main}.ts`,
    ],
    except: [
      `${ROOT}/${SERVER}/modules/*/*.service.ts`,
      `${ROOT}/${SERVER}/modules/*/*.seed.ts`,
      `${ROOT}/${SERVER}/modules/*/*.demo.ts`,
    ],
    message:
      'seed/ scrive tramite services.ts e i *.service.ts / *.seed.ts dei moduli, mai repository, routes o plugin.',
  },
  {
    target: `${SERVER}/cli/**`,
    from: [
      `${SERVER}/plugins/**`,
      `${SERVER}/realtime/**`,
      `${SERVER}/{app,main}.ts`,
      `${SERVER}/modules/*/*.routes.ts`,
    ],
    message:
      'cli/ lavora sul database e sui servizi, non sul server HTTP (app, plugin, routes, realtime).',
  },
  {
    target: [`${SERVER}/**`],
    from: [`${SERVER}/main.ts`],
    message: 'main.ts è il punto di avvio: nessuno lo importa.',
  },
];

/**
 * The same layering for the web app (docs/architecture.md "Module pattern"): shared code (components/, lib/, layout/) never
 * reaches into a feature, and a feature does not import another feature.
 */
const webZones = [
  {
    target: [`${WEB}/components/**`, `${WEB}/lib/**`, `${WEB}/layout/**`],
    from: `${WEB}/features/**`,
    message: 'components/, lib/ e layout/ non importano le feature.',
  },
  ...dirsOf(`${WEB}/features`).map((name) => ({
    target: `${WEB}/features/${name}/**`,
    from: `${WEB}/features/**`,
    except: [`${ROOT}/${WEB}/features/${name}/**`],
    message:
      'Una feature non importa un’altra feature: ciò che serve a entrambe va in components/ o lib/.',
  })),
];

/**
 * Whose rows are whose (docs/architecture.md "Reading another module's rows"): the tables each module
 * owns. A module imports another module's table from db/schema only where `TABLE_READS` says so;
 * otherwise it reads through that module's `*.service.ts` or `*.reads.ts`. Tables in no list are
 * reference data any module may join (companies, users, clienti, fornitori, the lookups, the audit
 * log). The reporting modules read every table (read models). Type-only imports are free.
 */
const TABLE_OWNERS = {
  automezzi: ['automezzi'],
  bancate: ['bancate'],
  blocchi: ['blocchi'],
  chat: ['chatMessages', 'chatAttachments'],
  collaudi: ['collaudi', 'collaudoRighe'],
  condivisioni: ['condivisioni', 'condivisioniAccessi', 'condivisioniRisposte'],
  ddt: ['ddt', 'ddtRighe', 'ddtContatori'],
  fatture: ['fatture', 'fattureRighe', 'fattureDdtRighe', 'fattureContatori', 'fattureEsiti'],
  'lavorazioni-lastre': ['lavorazioniLastre'],
  'lavorazioni-pavimenti': ['lavorazioniPavimenti', 'lavorazioniPavimentiLastre'],
  magazzino: ['pacchi', 'lastre', 'lotti', 'riserveLotti', 'movimenti'],
  photos: ['photos'],
  trasferimenti: ['trasferimenti', 'trasferimentiRighe'],
};
const REPORTING_MODULES = ['statistiche', 'dashboard', 'reportistica'];
/**
 * A module's imports of another module's tables, allowed one by one: none today, every cross-module
 * read goes through the owner's `*.reads.ts` (docs/architecture.md "Reading another module's rows").
 * A line here is an exception to argue for in that section.
 */
const TABLE_READS = {};
/**
 * A module missing from TABLE_OWNERS whose schema file bears its name (`db/schema/<module>.ts`, as
 * `npm run new:module` writes it) owns the tables defined there, so a new module's tables are guarded
 * without a line above. The modules whose same-named file holds reference data stay open to all.
 */
const REFERENCE_MODULES = ['anagrafica', 'companies', 'lookups', 'users'];
for (const name of dirsOf(`${SERVER}/modules`)) {
  const schema = new URL(`./${SERVER}/db/schema/${name}.ts`, import.meta.url);
  if (name in TABLE_OWNERS || REFERENCE_MODULES.includes(name) || !fs.existsSync(schema)) continue;
  const defined = fs.readFileSync(schema, 'utf8').matchAll(/export const (\w+) = pgTable\(/g);
  TABLE_OWNERS[name] = [...defined].map((m) => m[1]);
}
const tableReads = dirsOf(`${SERVER}/modules`)
  .filter((name) => !REPORTING_MODULES.includes(name))
  .map((name) => {
    const allowed = new Set([...(TABLE_OWNERS[name] ?? []), ...(TABLE_READS[name] ?? [])]);
    const foreign = Object.values(TABLE_OWNERS)
      .flat()
      .filter((table) => !allowed.has(table));
    return {
      files: [`${SERVER}/modules/${name}/**/*.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/db/schema/*'],
                importNames: foreign,
                allowTypeImports: true,
                message:
                  'Un modulo legge le righe di un altro solo tramite il suo *.service.ts o *.reads.ts (docs/architecture.md).',
              },
            ],
          },
        ],
      },
    };
  });

/** The import rules: layering (above) and no cycles, over imports resolved the way tsc resolves them. */
const imports = {
  files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    // Without these the rules skip every .ts file they follow (no-cycle would see no edge at all).
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: [
          'apps/server/tsconfig.json',
          'apps/web/tsconfig.json',
          'packages/contracts/tsconfig.json',
        ],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      { basePath: ROOT, zones: [...serverZones, ...webZones] },
    ],
    // Type-only imports are left out by the rule: they vanish at runtime and cannot loop.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

/**
 * Size limits (docs/architecture.md, "Module pattern"): a source file reads in one sitting, a web
 * component in less. Counted as Prettier writes the file, comments and blank lines included. Tests,
 * end-to-end specs and generated migrations are left out: a test file is read one case at a time.
 */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/e2e/**'];
const sizeLimits = [
  {
    files: ['apps/**/*.{ts,tsx,mjs}', 'packages/**/*.ts', 'scripts/**/*.mjs'],
    ignores: TEST_FILES,
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: TEST_FILES,
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // No function of the server or the contracts longer than a screen: a factory holding ten
    // operations counts them all, so it becomes operation files it only assembles.
    files: ['apps/server/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
          message: 'sql.raw non è permesso: usa parametri (docs/quality.md S15).',
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
        { property: 'dangerouslySetInnerHTML', message: 'Vietato (docs/quality.md S16).' },
      ],
      // The JSX attribute form, which no-restricted-properties does not see.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Vietato (docs/quality.md S16).',
        },
      ],
    },
  },
  imports,
  ...tableReads,
  ...sizeLimits,
);
