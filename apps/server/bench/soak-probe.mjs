// Loaded into the soak's server process (NODE_OPTIONS=--import): once a second, that second's
// event-loop delay (p99, max) and the process's RSS, one JSON line each, into SOAK_PROBE_FILE.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const line = { t: Date.now(), p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, rss: process.memoryUsage.rss() };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
  }, 1000).unref();
}
