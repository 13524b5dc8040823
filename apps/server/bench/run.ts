/**
 * `npm run bench`: the performance goals of docs/quality.md "Performance" that exist so far, each a ratio to a baseline
 * measured in the same run, with its absolute guard. Writes bench/results.md at the repository root.
 * Usage: npm run bench [-- login bundle]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBlocchi } from './blocchi.js';
import { benchBundle } from './bundle.js';
import { benchChat } from './chat.js';
import { benchDashboard } from './dashboard.js';
import { benchCpuPerRequest } from './cpu.js';
import { benchDocuments } from './documents.js';
import { root, writeMarkdown, type BenchRow } from './common.js';
import { benchLogin } from './login.js';
import { benchMixed } from './mixed.js';
import { benchGallery, benchPhotos } from './photos.js';
import { benchReports } from './reports.js';
import { benchSoak } from './soak.js';
import { benchStatistiche } from './statistiche.js';

const wanted = new Set(process.argv.slice(2));
const run = (name: string) => wanted.size === 0 || wanted.has(name);

/** Each section keeps its own results file; results.md is all of them together. */
async function section(name: string, bench: () => Promise<BenchRow[]>) {
  if (!run(name)) return;
  const rows = await bench();
  if (!rows.length) return;
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const table = [
    '| goal | measured | target | result |',
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.goal} | ${r.measured} | ${r.target} | ${r.pass ? 'pass' : '**FAIL**'} |`,
    ),
  ].join('\n');
  await writeMarkdown(
    path.join(dir, `${name}.md`),
    `## ${name}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}.\n\n${table}\n`,
  );
  console.log(table);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

await section('login', benchLogin);
await section('bundle', benchBundle);
await section('blocchi-pglite', () => benchBlocchi('pglite'));
await section('blocchi-postgres', () => benchBlocchi('postgres'));
await section('photos', benchPhotos);
await section('gallery', benchGallery);
await section('chat', benchChat);
await section('dashboard-pglite', () => benchDashboard('pglite'));
await section('dashboard-postgres', () => benchDashboard('postgres'));
await section('reports', benchReports);
await section('documents', benchDocuments);
await section('statistiche-pglite', () => benchStatistiche('pglite'));
await section('statistiche-postgres', () => benchStatistiche('postgres'));
await section('mixed-postgres', benchMixed);
await section('cpu-per-request', benchCpuPerRequest);
// Only when named (npm run bench -- soak): ten minutes by default.
if (wanted.has('soak')) await section('soak', benchSoak);

const dir = path.join(root, 'bench/results');
const parts = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
  : [];
await writeMarkdown(
  path.join(root, 'bench/results.md'),
  `# Benchmark results\n\nWritten by \`npm run bench\` (sections: login, bundle, blocchi-pglite, blocchi-postgres with BENCH_DATABASE_URL, photos, gallery, chat, dashboard-pglite, dashboard-postgres with BENCH_DATABASE_URL, reports, documents, statistiche-pglite, statistiche-postgres with BENCH_DATABASE_URL, mixed-postgres with BENCH_DATABASE_URL and REDIS_URL, cpu-per-request with BENCH_DATABASE_URL; soak only when named). Ratios are to a baseline measured in the same run (docs/quality.md "Performance"); each section keeps the figures of its last run.\n\n${parts.join('\n')}`,
);
