import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
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

  it('refuses an import cycle', async () => {
    // codes.ts imports dates.ts: dates.ts importing codes.ts back closes a loop.
    const code = "import { nextCode } from './codes.js';\nexport const probe = nextCode;\n";
    expect(await importErrors(`${SERVER}/lib/dates.ts`, code)).toEqual(['import-x/no-cycle']);
  });
});
