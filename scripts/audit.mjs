#!/usr/bin/env node
// npm audit of the production dependencies as a CI check (docs/quality.md S27):
//   node scripts/audit.mjs
// Fails on a high or critical advisory not in .ci/audit-allowlist.json ({ "GHSA-…": "why it does not
// apply" }). When the registry's audit service cannot be reached or answers no report (network error,
// a mirror without the audit endpoint), it says so and passes: an outage is not a finding.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ALLOWLIST = path.join(ROOT, '.ci/audit-allowlist.json');
const SERIOUS = new Set(['high', 'critical']);

/** The advisories of an `npm audit --json` report that fail the check, or null when it is no report. */
export function findings(report, allowlist) {
  if (!report || typeof report.vulnerabilities !== 'object') return null;
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      // A string names another vulnerable package, whose own entry carries the advisory.
      if (typeof via !== 'object' || !SERIOUS.has(via.severity)) continue;
      const id = String(via.url ?? via.source)
        .split('/')
        .pop();
      if (!(id in allowlist)) found.set(id, `${id} ${via.severity} ${via.name}: ${via.title}`);
    }
  }
  return [...found.values()];
}

function main() {
  const allowlist = JSON.parse(fs.readFileSync(ALLOWLIST, 'utf8')).advisories;
  execFile(
    'npm',
    ['audit', '--omit=dev', '--json'],
    { cwd: ROOT, timeout: 120_000, maxBuffer: 64 << 20 },
    (error, stdout) => {
      let report = null;
      try {
        report = JSON.parse(stdout);
      } catch {
        // no JSON at all: npm could not ask
      }
      const failing = findings(report, allowlist);
      if (failing === null) {
        console.log(
          `[audit] servizio di audit non raggiungibile, controllo saltato: ${report?.message ?? error?.message ?? 'nessuna risposta'}`,
        );
        return;
      }
      if (failing.length === 0) {
        console.log(
          `[audit] nessuna vulnerabilità alta o critica (${Object.keys(allowlist).length} in allowlist)`,
        );
        return;
      }
      console.error(
        `[audit] ${failing.length} vulnerabilità alte o critiche (se non si applicano: .ci/audit-allowlist.json con il motivo):`,
      );
      for (const line of failing) console.error(`  ${line}`);
      process.exitCode = 1;
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
