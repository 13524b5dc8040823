import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './database.js';
import {
  createInstallation,
  loginOverHttp,
  partialRequest,
  slowCreate,
  startServer,
  waitFor,
  type Installation,
  type ServerProcess,
} from './server-process.js';

/**
 * docs/quality.md R9: SIGTERM under load. Requests the server had begun when the signal came complete; later
 * ones get 503 while it drains, then the port closes; the database is closed and the process exits 0
 * within 10 s. Runs on PGlite, and on PostgreSQL in the PostgreSQL layer.
 */

let install: Installation;
let server: ServerProcess;
let admin: Awaited<ReturnType<typeof loginOverHttp>>;

beforeAll(async () => {
  install = await createInstallation({ onPostgres: onPostgres() });
  server = await startServer(install);
  admin = await loginOverHttp(server.url);
});
afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGKILL');
  await server.exited;
  await install.remove();
});

describe('SIGTERM under load (R9)', { timeout: 60_000 }, () => {
  it('completes the requests in flight, answers 503 to later ones, closes the database and exits 0 within 10 s', async () => {
    // Load: autocannon on the health check (it queries the database), every answer timed against the signal.
    let signalledAt = Infinity;
    const before = { ok: 0, other: 0 };
    const after: Record<string, number> = {};
    const load = autocannon(
      { url: `${server.url}/api/health`, connections: 16, duration: 30 },
      () => undefined,
    );
    load.on('response', (_client: unknown, status: number) => {
      if (Date.now() < signalledAt) {
        if (status === 200) before.ok++;
        else before.other++;
      } else {
        after[status] = (after[status] ?? 0) + 1;
      }
    });
    load.on('reqError', (err: NodeJS.ErrnoException) => {
      const key = err.code ?? err.message;
      if (Date.now() >= signalledAt) after[key] = (after[key] ?? 0) + 1;
      else before.other++;
    });

    // Let the load run, then open 10 writes whose bodies are still on their way when the signal comes.
    await new Promise((r) => setTimeout(r, 1500));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const writes = Array.from({ length: 10 }, (_, i) =>
      slowCreate(server.url, admin.headers(), `Cliente in volo ${i}`, released),
    );
    await Promise.all(writes.map((w) => w.sentHead));
    // Sent is not begun: on a busy machine the server may not have read a head yet. Fastify logs each
    // request as it begins (before its body), so wait until all ten are in its log.
    const begun = () =>
      server
        .output()
        .split('\n')
        .filter(
          (line) =>
            line.includes('incoming request') &&
            line.includes('"POST"') &&
            line.includes('/api/clienti'),
        ).length;
    expect(await waitFor(() => begun() >= 10, 10_000), `${begun()} of 10 writes begun`).toBe(true);

    const late = await partialRequest(server.url, '/api/health');

    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await waitFor(() => server.output().includes('arresto in corso'), 5000)).toBe(true);
    const drainingSince = Date.now();
    // A request that reaches an open connection while the server drains.
    const lateAnswer = await late.finish();
    // And one on a new connection.
    const refused = await fetch(`${server.url}/api/health`).then(
      (r) => r.status,
      (e: { cause?: { code?: string } }) => e.cause?.code ?? 'error',
    );
    release();
    const answers = await Promise.all(writes.map((w) => w.status));
    const { code, signal } = await server.exited;
    const exitMs = Date.now() - signalledAt;
    load.stop();

    console.log(
      `R9: ${before.ok} answered before SIGTERM, after it ${JSON.stringify(after)}; draining after ${drainingSince - signalledAt} ms; ` +
        `late request ${lateAnswer.status}, new connection ${refused}; exit ${code} in ${exitMs} ms`,
    );
    expect(before.ok).toBeGreaterThan(10);
    expect(before.other).toBe(0);
    // Every write the server had begun completes.
    expect(answers).toEqual(Array(10).fill(201));
    // A later request on an open connection: 503 in the usual error format, and the connection closes.
    expect(lateAnswer.status).toBe(503);
    expect(JSON.parse(lateAnswer.body)).toEqual({
      message: 'Il server si sta arrestando: riprova tra poco',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(lateAnswer.head).toContain('connection: close');
    // A new connection is refused: the port no longer listens.
    expect(refused).toBe('ECONNREFUSED');
    // The load after the signal: answered (before the server saw it), 503, or a connection refused or
    // closed under a request the server never read; never a 500.
    for (const key of Object.keys(after))
      expect(['200', '503', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(key);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(10_000);
    expect(server.output()).toContain('database chiuso');

    // The database was closed cleanly: it opens again and holds the ten writes.
    const rows = await install.query<{ n: number }>(
      `select count(*)::int as n from clienti where ragione_sociale like 'Cliente in volo %'`,
    );
    expect(rows[0]!.n).toBe(10);
  });
});
