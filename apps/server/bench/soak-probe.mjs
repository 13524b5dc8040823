// Loaded into the soak's server process (NODE_OPTIONS=--import): once a second, one JSON line into
// SOAK_PROBE_FILE with that second's event-loop delay (p99, max), the p99 since the soak began (the
// bench creates SOAK_PROBE_FILE.start when its measured part starts) and the process's RSS.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SOAK_PROBE_FILE;
// The preload runs in every thread the server starts, the document workers included (NODE_OPTIONS):
// a worker's loop is busy by design while it draws, and its lines in the same file were read as the
// server's (a report's "loop delay max" of 0.7-1.1 s was the worker's).
if (file && isMainThread) {
  const second = monitorEventLoopDelay({ resolution: 10 });
  const soak = monitorEventLoopDelay({ resolution: 10 });
  second.enable();
  soak.enable();
  const timer = setInterval(() => {
    if (fs.existsSync(`${file}.start`)) {
      fs.rmSync(`${file}.start`, { force: true });
      soak.reset();
    }
    const line = {
      t: Date.now(),
      p99: second.percentile(99) / 1e6,
      max: second.max / 1e6,
      soakP99: soak.percentile(99) / 1e6,
      rss: process.memoryUsage.rss(),
    };
    try {
      fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch (error) {
      // the bench removed its folder while this server was stopping: nothing left to report to
      if (error.code !== 'ENOENT') throw error;
      clearInterval(timer);
    }
    second.reset();
  }, 1000).unref();
}
