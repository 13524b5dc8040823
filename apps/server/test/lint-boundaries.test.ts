import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layering of docs/architecture.md and the ban on import cycles, as the repository's own eslint.config.js
// enforces them: each snippet is linted as if it were the named file, so its imports resolve against
// the real tree. Relative and alias spellings of the same import must be refused alike.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The import rules the snippet breaks (other rules, e.g. unused variables, are not the point here). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => m.ruleId!);
}

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/** The SQL name of each table (the `pgTable('name', …)` of db/schema), by its exported name. */
function sqlTableNames(): Map<string, string> {
  const names = new Map<string, string>();
  const dir = path.join(ROOT, SERVER, 'db/schema');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      names.set(m[1]!, m[2]!);
  }
  return names;
}

/**
 * The SQL tables of other modules a module may not name: the tables eslint.config.js refuses it to
 * import (`TABLE_OWNERS` less its own), read from the rule ESLint computes for a file of the module;
 * null for a reporting module, which has no such rule.
 */
async function foreignTables(module: string, names: Map<string, string>) {
  const config = (await eslint.calculateConfigForFile(
    path.join(ROOT, SERVER, 'modules', module, 'probe.ts'),
  )) as { rules: Record<string, [unknown, { patterns: Array<{ importNames: string[] }> }?]> };
  const rule = config.rules['@typescript-eslint/no-restricted-imports'];
  if (!rule?.[1]) return null;
  return new Set(rule[1].patterns.flatMap((p) => p.importNames).map((n) => names.get(n)!));
}

/** Each table a `from` or `join` names in the text of the `sql` templates (and `sql.raw`) of `code`. */
function tablesInRawSql(file: string, code: string): Array<{ table: string; line: number }> {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: Array<{ table: string; line: number }> = [];
  const scan = (parts: Array<{ text: string; getStart: (s: ts.SourceFile) => number }>) => {
    for (const part of parts) {
      const first = source.getLineAndCharacterOfPosition(part.getStart(source)).line + 1;
      for (const m of part.text.matchAll(/\b(?:from|join)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi))
        found.push({
          table: m[1]!,
          line: first + part.text.slice(0, m.index).split('\n').length - 1,
        });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const t = node.template;
      scan(
        ts.isNoSubstitutionTemplateLiteral(t)
          ? [t]
          : [t.head, ...t.templateSpans.map((span) => span.literal)],
      );
    } else if (ts.isCallExpression(node) && node.expression.getText(source) === 'sql.raw') {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) scan([arg]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module's source files, its `*.reads.ts` (where it names its own tables for others) and tests left out. */
function moduleSources(module: string): string[] {
  const dir = path.join(ROOT, SERVER, 'modules', module);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !/\.(reads|test)\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('lint: layering and cycles', { timeout: 120_000 }, () => {
  it('refuses a module reaching into another module, however the path is spelled, and allows its service', async () => {
    const file = `${SERVER}/modules/collaudi/probe.ts`;
    for (const spelling of [
      '../blocchi/blocchi.repository.js',
      '../../modules/blocchi/blocchi.repository.js',
      '../collaudi/../blocchi/blocchi.routes.js',
    ]) {
      expect(await importErrors(file, `export * from '${spelling}';\n`), spelling).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
    expect(await importErrors(file, "export * from '../blocchi/blocchi.service.js';\n")).toEqual(
      [],
    );
    expect(await importErrors(file, "export * from './collaudi.repository.js';\n")).toEqual([]);
    expect(await importErrors(file, "export * from '../blocchi/blocchi.reads.js';\n")).toEqual([]);
  });

  it('refuses an import that runs back up the server tiers', async () => {
    const cases: Array<[string, string]> = [
      [`${SERVER}/lib/probe.ts`, '../modules/blocchi/blocchi.service.js'],
      [`${SERVER}/lib/probe.ts`, '../plugins/auth.js'],
      [`${SERVER}/db/probe.ts`, '../services.js'],
      [`${SERVER}/plugins/probe.ts`, '../modules/users/users.service.js'],
      [`${SERVER}/modules/blocchi/probe.ts`, '../../services.js'],
      [`${SERVER}/modules/blocchi/probe.ts`, '../../seed/demo.js'],
      [`${SERVER}/modules/blocchi/probe.ts`, '../../realtime/socket-server.js'],
      [`${SERVER}/realtime/probe.ts`, '../modules/chat/chat.repository.js'],
      [`${SERVER}/seed/probe.ts`, '../modules/blocchi/blocchi.repository.js'],
      [`${SERVER}/seed/probe.ts`, '../app.js'],
      [`${SERVER}/cli/probe.ts`, '../app.js'],
      [`${SERVER}/cli/probe.ts`, '../modules/blocchi/blocchi.routes.js'],
    ];
    for (const [file, spelling] of cases) {
      expect(
        await importErrors(file, `export * from '${spelling}';\n`),
        `${file} → ${spelling}`,
      ).toEqual(['import-x/no-restricted-paths']);
    }
    expect(
      await importErrors(
        `${SERVER}/seed/probe.ts`,
        "export * from '../modules/blocchi/blocchi.service.js';\nexport * from '../services.js';\n",
      ),
    ).toEqual([]);
  });

  it('refuses shared web code importing a feature, and a feature importing another, by alias or relative path', async () => {
    const cases: Array<[string, string]> = [
      [`${WEB}/components/probe.tsx`, '@/features/blocchi/api/blocchi'],
      [`${WEB}/components/probe.tsx`, '../features/blocchi/api/blocchi'],
      [`${WEB}/lib/probe.ts`, '../features/blocchi/api/blocchi'],
      [`${WEB}/features/bancate/probe.ts`, '@/features/blocchi/api/blocchi'],
      [`${WEB}/features/bancate/probe.ts`, '../blocchi/api/blocchi'],
    ];
    for (const [file, spelling] of cases) {
      expect(
        await importErrors(file, `export * from '${spelling}';\n`),
        `${file} → ${spelling}`,
      ).toEqual(['import-x/no-restricted-paths']);
    }
    expect(
      await importErrors(
        `${WEB}/features/bancate/probe.ts`,
        "export * from './api/bancate';\nexport * from '@/components/confirm-dialog';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a module importing another module’s table, but not reference tables, types or a report', async () => {
    const tableErrors = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
      return result!.messages
        .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
        .map((m) => m.message.split(' ')[0]);
    };
    const use = (names: string) => `export const probe = [${names}];\n`;
    expect(
      await tableErrors(
        `${SERVER}/modules/magazzino/probe.ts`,
        `import { collaudi, lastre, materiali, clienti } from '../../db/schema/index.js';\n${use('collaudi, lastre, materiali, clienti')}`,
      ),
    ).toEqual(["'collaudi'"]);
    expect(
      await tableErrors(
        `${SERVER}/modules/fatture/probe.ts`,
        `import { pacchi } from '../../db/schema/processing.js';\n${use('pacchi')}`,
      ),
    ).toEqual(["'pacchi'"]);
    expect(
      await tableErrors(
        `${SERVER}/modules/fatture/probe.ts`,
        "import type { pacchi } from '../../db/schema/index.js';\nexport type Probe = typeof pacchi;\n",
      ),
    ).toEqual([]);
    expect(
      await tableErrors(
        `${SERVER}/modules/statistiche/probe.ts`,
        `import { collaudi, pacchi } from '../../db/schema/index.js';\n${use('collaudi, pacchi')}`,
      ),
    ).toEqual([]);
  });

  it('finds no module naming another module’s table in its raw SQL, outside its reads and the reports', async () => {
    const names = sqlTableNames();
    // the scan itself: a probe in the shape of the invoice query it once caught
    const probe = tablesInRawSql(
      'probe.ts',
      'const q = sql`select x.prezzo from collaudo_righe x join "collaudi" c on c.id = x.collaudo_id left join ${t} f`;\n' +
        "const r = sql.raw('select 1 from movimenti m');\n",
    );
    expect(probe.map((f) => f.table)).toEqual(['collaudo_righe', 'collaudi', 'movimenti']);
    const fatture = await foreignTables('fatture', names);
    expect([...fatture!]).toEqual(
      expect.arrayContaining(['collaudo_righe', 'movimenti', 'blocchi']),
    );
    expect(fatture!.has('fatture_righe')).toBe(false);
    expect(await foreignTables('statistiche', names)).toBeNull();

    const offences: string[] = [];
    for (const module of fs.readdirSync(path.join(ROOT, SERVER, 'modules'))) {
      const foreign = await foreignTables(module, names);
      if (!foreign) continue;
      for (const file of moduleSources(module))
        for (const { table, line } of tablesInRawSql(file, fs.readFileSync(file, 'utf8')))
          if (foreign.has(table)) offences.push(`${path.relative(ROOT, file)}:${line} ${table}`);
    }
    expect(offences).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // codes.ts imports dates.ts: dates.ts importing codes.ts back closes a loop.
    const code = "import { nextCode } from './codes.js';\nexport const probe = nextCode;\n";
    expect(await importErrors(`${SERVER}/lib/dates.ts`, code)).toEqual(['import-x/no-cycle']);
  });
});
