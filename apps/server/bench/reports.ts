import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  healthDuring,
  ms,
  quantile,
  seededBenchEnv,
  spawnServer,
  type BenchRow,
} from './common.js';

/** Resident memory now and at its peak of a process, from /proc (Linux), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * a report over 100 000 rows (the elenco blocchi of the benchmark database, every block since
 * 2000) finishes within 30 s, and writing it grows the server's resident memory by less than 300 MB,
 * as PDF and as XLSX. Both are streamed while the rows are read a page at a time, in code order
 * (docs/performance.md "Reports page by the index"); meanwhile `/api/health` answers with p99 < 100 ms
 * (docs/quality.md P14). The load average is printed beside each: the machine is shared.
 */
export async function benchReports(): Promise<BenchRow[]> {
  const env = seededBenchEnv();
  // The server's own event-loop delay, once a second (soak-probe.mjs): what the report holds the loop
  // for, apart from what the machine's other work adds to every probe's round trip.
  const probe = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-reports-')),
    'probe.jsonl',
  );
  const server = await spawnServer(
    {
      ...env,
      SOAK_PROBE_FILE: probe,
      NODE_OPTIONS: [
        env.NODE_OPTIONS,
        `--import ${path.join(import.meta.dirname, 'soak-probe.mjs')}`,
      ]
        .filter(Boolean)
        .join(' '),
    },
    'admin@cava.example',
  );
  /** The loop delay's p99 since the last mark, and the worst second's max. */
  const loopDelay = async (since: number) => {
    await new Promise((r) => setTimeout(r, 1100));
    const lines = fs.readFileSync(probe, 'utf8').trim().split('\n');
    const samples = lines
      .map((l) => JSON.parse(l) as { t: number; max: number; soakP99: number })
      // the first line after the mark still covers the second before it (the server starting, for the first report)
      .filter((l) => l.t >= since + 1000);
    return {
      p99: samples.at(-1)?.soakP99 ?? NaN,
      max: Math.max(...samples.map((l) => l.max)),
    };
  };
  const rows: BenchRow[] = [];
  try {
    for (const formato of ['xlsx', 'pdf'] as const) {
      // Peak since start is the high-water mark; reset it so this report's own peak is read.
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const before = memoryOf(server.pid);
      fs.writeFileSync(`${probe}.start`, '');
      const since = Date.now();
      const started = performance.now();
      const report = fetch(`${server.base}/api/reports/blocchi?formato=${formato}&dal=2000-01-01`, {
        headers: { authorization: `Bearer ${server.token}` },
      }).then(async (res) => ({ res, bytes: (await res.arrayBuffer()).byteLength }));
      // docs/quality.md P14: how the event loop fares meanwhile (the report is written on it, between its batches)
      const health = await healthDuring(server.base, report);
      const { res, bytes } = await report;
      const elapsed = performance.now() - started;
      const after = memoryOf(server.pid);
      const growth = after.peak - before.rss;
      const healthP99 = quantile(health, 0.99);
      const loop = await loopDelay(since);
      rows.push({
        goal: `Report "elenco blocchi" over the 100 000-block database, ${formato.toUpperCase()} (load average ${os.loadavg()[0]!.toFixed(1)})`,
        measured: `${res.status}, ${(bytes / 2 ** 20).toFixed(1)} MB in ${ms(elapsed)}; server RSS ${before.rss.toFixed(0)} MB → peak ${after.peak.toFixed(0)} MB (+${growth.toFixed(0)} MB); /api/health meanwhile p50 ${ms(quantile(health, 0.5))}, p99 ${ms(healthP99)}, max ${ms(Math.max(...health))} over ${health.length} probes; the server's event-loop delay p99 ${ms(loop.p99)}, max ${ms(loop.max)}`,
        target: '≤ 30 s, RSS growth < 300 MB, health p99 < 100 ms (P14)',
        pass: res.status === 200 && elapsed <= 30_000 && growth < 300 && healthP99 < 100,
      });
    }
  } finally {
    server.kill();
    fs.rmSync(path.dirname(probe), { recursive: true, force: true });
  }
  return rows;
}
