// Playwright's webServer: the real server (scripts/start.mjs builds the web app when stale, seeds
// the demo data into a fresh DATA_DIR) and, when Playwright stops it, the data directory goes too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = process.env.DATA_DIR;
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

function cleanup() {
  if (dataDir && path.basename(dataDir).startsWith('gestcava-e2e-')) {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
