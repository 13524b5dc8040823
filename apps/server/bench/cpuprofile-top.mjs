#!/usr/bin/env node
/**
 * Sums a V8 CPU profile (`node --cpu-prof`, or BENCH_CPU_PROF=<dir> of a bench): the functions with the
 * most self time, the most total time (each function counted once per stack), and self time by package.
 * Usage: node apps/server/bench/cpuprofile-top.mjs <file.cpuprofile> [rows=30] [filter regexp on function or file]
 */
import fs from 'node:fs';

const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpuprofile-top.mjs <file.cpuprofile> [rows] [filter]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// The start (modules loading, the server starting, a benchmark's warm-up) is left out: everything up to
// the last sample that was loading a module. Idle samples are left out too: shares are of busy time.
const LOADING = /^(compileSourceTextModule|Module\._compile|wrapSafe|loadAndTranslate)$/;
const loadingNodes = new Set();
for (const n of profile.nodes) {
  for (let cur = n.id; cur !== undefined; cur = parent.get(cur))
    if (LOADING.test(nodes.get(cur).callFrame.functionName)) {
      loadingNodes.add(n.id);
      break;
    }
}
const { samples, timeDeltas } = profile;
let from = 0;
for (let i = 0; i < samples.length; i++) if (loadingNodes.has(samples[i])) from = i + 1;
// each sample's time: the gap to the next sample
const selfUs = new Map();
let skippedUs = 0;
for (let i = 0; i < samples.length; i++) {
  const dt = timeDeltas[i + 1] ?? 0;
  if (i < from) skippedUs += dt;
  else if (nodes.get(samples[i]).callFrame.functionName !== '(idle)')
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + dt);
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '')
    .replace(/.*\/apps\/server\//, 'server/')
    .replace(/.*\/packages\//, 'packages/');
const keyOf = (n) => {
  const f = n.callFrame;
  return `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
};
const packageOf = (n) => {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/')[0];
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes('/apps/server/src/'))
    return 'server: ' + url.split('/apps/server/src/')[1].split('/').slice(0, 2).join('/');
  if (url.includes('/packages/')) return 'packages/' + url.split('/packages/')[1].split('/')[0];
  return url;
};

const self = new Map();
const byPackage = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const n = nodes.get(id);
  self.set(keyOf(n), (self.get(keyOf(n)) ?? 0) + us);
  byPackage.set(packageOf(n), (byPackage.get(packageOf(n)) ?? 0) + us);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = keyOf(nodes.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const top = (map, title) => {
  console.log(`\n## ${title}`);
  [...map]
    .filter(([k]) => !filter || new RegExp(filter).test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .forEach(([k, us]) => console.log(`${pct(us)}  ${k}`));
};
console.log(
  `${(total / 1e6).toFixed(2)} s busy sampled, after the first ${(skippedUs / 1e6).toFixed(1)} s (start and module loading)`,
);
top(byPackage, 'self time by package');
top(self, 'self time by function');
top(inclusive, 'total time by function');
