#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then starts
// the server (API + web app) on the embedded database unless DATABASE_URL says otherwise.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['src', 'public', 'build', 'index.html', 'vite.config.ts'].map((p) =>
  path.join(webDir, p),
);
sources.push(path.join(root, 'packages/contracts/src'));
const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
// WEB_DIST_DIR names a build made elsewhere (the end-to-end tests): leave the shared one alone.
if (!process.env.WEB_DIST_DIR && built < Math.max(...sources.map(newestMtime))) {
  console.log("Compilo l'applicazione web…");
  const result = spawnSync('npm', ['run', 'build', '-w', '@gestcava/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A larger young generation: list pages allocate ~40 KB each, and fewer scavenges keep the slowest
// requests closer to the median (docs/performance.md). The benchmark starts the server the same way.
const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=32']
  .filter(Boolean)
  .join(' ');
// tsx as a loader in the server's own process, not its CLI: the CLI runs the server in a child and,
// when that child takes more than 30 ms to confirm a SIGTERM (a busy machine), SIGKILLs it, so the
// database was not closed (exit 143 seen in the start-up test under load).
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
