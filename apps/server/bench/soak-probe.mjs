// Loaded into the soak's server process (NODE_OPTIONS=--import): once a second, one JSON line into
// SOAK_PROBE_FILE with that second's event-loop delay (p99, max), the p99 since the soak began (the
// bench creates SOAK_PROBE_FILE.start when its measured part starts) and the process's RSS.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const second = monitorEventLoopDelay({ resolution: 10 });
  const soak = monitorEventLoopDelay({ resolution: 10 });
  second.enable();
  soak.enable();
  setInterval(() => {
    if (fs.existsSync(`${file}.start`)) {
      fs.rmSync(`${file}.start`);
      soak.reset();
    }
    const line = {
      t: Date.now(),
      p99: second.percentile(99) / 1e6,
      max: second.max / 1e6,
      soakP99: soak.percentile(99) / 1e6,
      rss: process.memoryUsage.rss(),
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    second.reset();
  }, 1000).unref();
}
