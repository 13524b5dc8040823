#!/usr/bin/env node
// `npm run dev`: the server restarting on change (tsx watch, port 3000) and Vite with hot reload
// (port 5173, forwarding the API prefixes to the server). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  // From the repository root, so DATA_DIR (./data) is the same folder `npm start` uses.
  spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn('npm', ['run', 'dev', '-w', '@gestcava/web', '--', '--host', '127.0.0.1'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
console.log('Sviluppo: API su http://127.0.0.1:3000, applicazione web su http://127.0.0.1:5173');
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
