#!/usr/bin/env node
// `npm run new:module -- <plurale> --singolare <singolare> [--etichetta "Listini"] [--femminile]
//   [--area sales] [--menu anagrafica] [--no-migration]`
//
// Writes a whole module by the recipe of docs/architecture.md ("Recipe: a new module"): the contract
// and its test, the table and its migration, repository, service, routes, demo rows and the server
// test, the web resource, list, form, detail page and its test. Besides the new files it touches
// five registries and nothing else: the contracts area's index, PAGES (permissions.ts), ENTITY_PAGES
// (pages.ts), MODULES (modules.ts) and APP_PAGES (app-pages.ts). The result passes lint, typecheck
// and its tests as written; `--check` proves it in a throwaway copy of the repository (CI runs it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fill, namesOf } from './new-module/names.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES = path.join(ROOT, 'scripts/new-module/templates');
const AREAS = ['sales', 'production', 'processing', 'anagrafica'];

function usage(message) {
  console.error(`${message}

Uso: npm run new:module -- <plurale> --singolare <singolare> [--etichetta "Listini"] [--femminile]
     [--area ${AREAS.join('|')}] [--menu <gruppo del menu>] [--no-migration]
     npm run new:module -- --check     (genera un modulo di prova in una copia e lo verifica)`);
  process.exit(2);
}

function templatesIn(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? templatesIn(full) : [full];
  });
}

/** Inserts `text` before the first line of `file` that matches `anchor`; refuses when none does. */
function insertBefore(file, anchor, text) {
  const src = fs.readFileSync(file, 'utf8');
  const at = src.search(anchor);
  if (at < 0)
    throw new Error(`${path.relative(ROOT, file)}: non trovo dove aggiungere (${anchor})`);
  fs.writeFileSync(file, src.slice(0, at) + text + src.slice(at));
}

/** The APP_PAGES entry goes after the last page of its menu group (the menu follows the table). */
function addAppPage(root, n, group) {
  const file = path.join(root, 'apps/web/src/app/app-pages.ts');
  const src = fs.readFileSync(file, 'utf8');
  const groupOf = [...src.matchAll(/group: '([a-z-]+)'/g)];
  const last = groupOf.filter((m) => m[1] === group).at(-1);
  if (!last) throw new Error(`gruppo del menu sconosciuto: ${group}`);
  // the end of that entry: the first line `  },` after its menu
  const end = src.indexOf('\n  },\n', last.index) + '\n  },\n'.length;
  const entry = `  {
    path: 'pages/${n.plural}',
    rule: { page: '${n.plural}' },
    title: '${n.label}',
    load: () => import('./routes/${n.plural}-list'),
    loadDetail: () => import('./routes/${n.singular}-detail'),
    menu: { key: '${n.plural}', group: '${group}', label: '${n.label}', icon: 'pi pi-list' },
  },
`;
  fs.writeFileSync(file, src.slice(0, end) + entry + src.slice(end));
  return file;
}

function generate(root, n, { area, group, migration }) {
  const names = { ...n, area };
  const written = [];
  for (const template of templatesIn(TEMPLATES)) {
    const rel = fill(path.relative(TEMPLATES, template), names).replace(/\.tpl$/, '');
    const target = path.join(root, rel);
    if (fs.existsSync(target)) throw new Error(`${rel} esiste già`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, fill(fs.readFileSync(template, 'utf8'), names));
    written.push(target);
  }

  const index = path.join(root, `packages/contracts/src/${area}/index.ts`);
  fs.appendFileSync(index, `export * from './${n.plural}.js';\n`);
  const permissions = path.join(root, 'packages/contracts/src/permissions.ts');
  insertBefore(
    permissions,
    /\n {2}\{\n {4}key: 'chat',/,
    `\n  { key: '${n.plural}', label: '${n.label}', presets: {} },`,
  );
  const pages = path.join(root, 'packages/contracts/src/pages.ts');
  insertBefore(
    pages,
    /\n\} as const satisfies Record/,
    `\n  '${n.singular}': { page: '${n.plural}', path: '/app/pages/${n.plural}' },`,
  );
  const modules = path.join(root, 'apps/server/src/modules.ts');
  insertBefore(
    modules,
    /\n\/\*\*\n \* Every module of the server/,
    `import { ${n.pluralCamel}Module } from './modules/${n.plural}/${n.plural}.module.js';\n`,
  );
  insertBefore(modules, /\n\] as const;/, `\n  ${n.pluralCamel}Module,`);
  const appPages = addAppPage(root, n, group);
  const edited = [index, permissions, pages, modules, appPages];

  const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
  run('npx', ['prettier', '--write', '--log-level', 'warn', ...written, ...edited]);
  if (migration)
    run('npx', ['drizzle-kit', 'generate', '--name', n.plural], path.join(root, 'apps/server'));
  return { written, edited };
}

/** A throwaway copy of the tracked tree, with node_modules linked in (hard links: fast, no download). */
function throwawayCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-new-module-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    if (!fs.existsSync(path.join(ROOT, f))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(dir, f));
  }
  for (const nm of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules']) {
    if (fs.existsSync(path.join(ROOT, nm)))
      execFileSync('cp', ['-al', path.join(ROOT, nm), path.join(dir, nm)]);
  }
  return dir;
}

/**
 * The generated tables are the module's own without a line in eslint.config.js (TABLE_OWNERS is
 * derived from `db/schema/<name>.ts`): another module importing one is refused by lint.
 */
function assertTablesGuarded(dir, n) {
  const probe = path.join(dir, 'apps/server/src/modules/automezzi/table-probe.ts');
  fs.writeFileSync(
    probe,
    `import { ${n.pluralCamel} } from '../../db/schema/${n.plural}.js';\nexport const probe = ${n.pluralCamel};\n`,
  );
  let output = '';
  try {
    execFileSync('npx', ['eslint', probe], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    output = String(error.stdout);
  } finally {
    fs.rmSync(probe);
  }
  if (!output.includes('no-restricted-imports'))
    throw new Error(
      `un altro modulo importa la tabella ${n.pluralCamel} senza che lint lo rifiuti`,
    );
}

function check() {
  const dir = throwawayCopy();
  const n = namesOf({ plural: 'voci-prova', singular: 'voce-prova', feminine: true });
  console.log(`[new:module --check] in ${dir}`);
  const started = Date.now();
  try {
    const { written, edited } = generate(dir, n, {
      area: 'sales',
      group: 'anagrafica',
      migration: true,
    });
    const run = (cmd, args) => execFileSync(cmd, args, { cwd: dir, stdio: 'inherit' });
    for (const project of ['packages/contracts', 'apps/server', 'apps/web'])
      run('npx', ['tsc', '-p', project, '--noEmit']);
    run('npx', ['eslint', '--max-warnings=0', ...written, ...edited]);
    run('npx', ['prettier', '--check', '--log-level', 'warn', ...written, ...edited]);
    assertTablesGuarded(dir, n);
    const rel = (f) => path.relative(dir, f);
    const tests = written.filter((f) => /\.test\.tsx?$/.test(f)).map(rel);
    const under = (prefix) =>
      tests.filter((t) => t.startsWith(prefix)).map((t) => t.slice(prefix.length));
    run('node', [
      'scripts/test.mjs',
      'contracts',
      'server',
      'web',
      '--',
      ...under('packages/contracts/'),
      ...under('apps/server/'),
      ...under('apps/web/'),
      // the export walk creates the new module's sample through its own route: no line added there
      'test/csv-injection.test.ts',
    ]);
    console.log(`[new:module --check] ok in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      singolare: { type: 'string' },
      etichetta: { type: 'string' },
      'etichetta-singolare': { type: 'string' },
      femminile: { type: 'boolean', default: false },
      area: { type: 'string', default: 'sales' },
      menu: { type: 'string', default: 'anagrafica' },
      'no-migration': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
    },
  });
  if (values.check) return check();
  const [plural] = positionals;
  if (!plural || !values.singolare) usage('Indica il plurale e --singolare.');
  if (!AREAS.includes(values.area)) usage(`--area: una fra ${AREAS.join(', ')}`);
  const n = namesOf({
    plural,
    singular: values.singolare,
    label: values.etichetta,
    labelSingular: values['etichetta-singolare'],
    feminine: values.femminile,
  });
  const { written, edited } = generate(ROOT, n, {
    area: values.area,
    group: values.menu,
    migration: !values['no-migration'],
  });
  console.log(`\nScritti ${written.length} file, aggiornati ${edited.length} registri:`);
  for (const f of [...written, ...edited]) console.log(`  ${path.relative(ROOT, f)}`);
  console.log(
    '\nPoi: i campi veri nel contratto e nella tabella (docs/architecture.md, "Recipe").',
  );
}

try {
  main();
} catch (error) {
  console.error(`new:module: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
