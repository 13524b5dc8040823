import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { healthDuring, ms, quantile, root, spawnServer, type BenchRow } from './common.js';

const LABELS = 150;

/**
 * docs/quality.md P14: while two 150-label PDFs render (QR codes and pdfkit, seconds of CPU), a
 * client polling `/api/health` keeps p99 < 100 ms: documents render in the worker pool
 * (lib/render-pool.ts), not on the event loop. The server is the real one (main.ts) on a small
 * benchmark database (1000 blocks, made here), with the per-user limits raised for the one user.
 */
export async function benchDocuments(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-bench-documents-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    RATE_LIMIT_EXPORTS: '100000',
    RATE_LIMIT_EXPORTS_AT_ONCE: '1000',
    RATE_LIMIT_LABELS: '100000',
  };
  const seeded = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/cli/seed-bench.ts'), '--blocchi', '1000'],
    { env, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seed:bench failed');
  const server = await spawnServer(env, 'admin@cava.example');
  try {
    const auth = { authorization: `Bearer ${server.token}` };
    const ids: string[] = [];
    for (let page = 1; ids.length < 2 * LABELS; page++) {
      const list = (await (
        await fetch(`${server.base}/api/blocchi?limit=100&page=${page}`, { headers: auth })
      ).json()) as { items: Array<{ _id: string }> };
      ids.push(...list.items.map((b) => b._id));
    }
    const sheet = (part: string[]) =>
      fetch(`${server.base}/api/etichette?entityType=blocco&formato=a4&ids=${part.join(',')}`, {
        headers: auth,
      }).then(async (res) => ({ status: res.status, bytes: (await res.arrayBuffer()).byteLength }));
    // warm-up: the pool's thread starts and loads the renderer on its first document
    await sheet(ids.slice(0, 1));
    await healthDuring(server.base, new Promise((resolve) => setTimeout(resolve, 300)));

    const started = performance.now();
    const rendering = Promise.all([
      sheet(ids.slice(0, LABELS)),
      sheet(ids.slice(LABELS, 2 * LABELS)),
    ]);
    const latencies = await healthDuring(server.base, rendering);
    const sheets = await rendering;
    const elapsed = performance.now() - started;
    const p99 = quantile(latencies, 0.99);
    return [
      {
        goal: `P14: /api/health while two ${LABELS}-label PDFs render`,
        measured: `p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(p99)}, max ${ms(Math.max(...latencies))} over ${latencies.length} probes; both sheets ${sheets.map((s) => `${s.status} ${(s.bytes / 1024).toFixed(0)} KB`).join(' and ')} in ${ms(elapsed)}`,
        target: 'p99 < 100 ms',
        pass: sheets.every((s) => s.status === 200) && p99 < 100,
      },
    ];
  } finally {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
