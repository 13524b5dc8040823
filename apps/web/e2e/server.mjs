// Playwright's webServer. The working tree is shared with other engineers, whose builds rewrite
// apps/web/dist at any moment; so the app under test is built into this run's own DATA_DIR and
// served from there (WEB_DIST_DIR), then the real server starts through scripts/start.mjs (demo
// seed into the fresh DATA_DIR). When Playwright stops it, the data directory goes too.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(webDir, '../..');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const webDist = path.join(dataDir, 'web-dist');

function cleanup() {
  if (path.basename(dataDir).startsWith('gestcava-e2e-'))
    fs.rmSync(dataDir, { recursive: true, force: true });
}

const build = spawnSync(
  path.join(root, 'node_modules/.bin/vite'),
  ['build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
  { cwd: webDir, stdio: 'inherit' },
);
if (build.status !== 0) {
  cleanup();
  process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST_DIR: webDist },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
