/**
 * `GET /api/ready` in one process: what a load balancer reads. The checks against real
 * Redis and PostgreSQL outages, and shutdown, run with real processes in ready-cluster.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readyResponseSchema } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/pagination.js';
import { buildTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const ready = async (app = ctx.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return {
    status: res.statusCode,
    body: readyResponseSchema.parse(res.json()),
    headers: res.headers,
  };
};

describe('/api/ready', () => {
  it('answers 200 when the database (migrated) and the file storage answer, without a session', async () => {
    const { status, body, headers } = await ready();
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.stopping).toBe(false);
    expect(body.message).toBeUndefined();
    // no REDIS_URL in this app: no Redis check
    expect(body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['storage', true],
    ]);
    expect(headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the file storage while its folder cannot be written, and 200 again once it can', async () => {
    // a volume gone and something else in its place (a file: writes below it fail, even for root)
    const uploads = path.join(ctx.dataDir, 'uploads');
    const moved = `${uploads}-away`;
    fs.renameSync(uploads, moved);
    fs.writeFileSync(uploads, 'not a folder');
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.status).toBe('not-ready');
      expect(body.message).toBe("Non pronto: l'archivio dei file non risponde");
      expect(body.checks.find((c) => c.name === 'storage')?.ok).toBe(false);
      expect(body.checks.find((c) => c.name === 'database')?.ok).toBe(true);
    } finally {
      fs.rmSync(uploads);
      fs.renameSync(moved, uploads);
    }
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 when the database lacks this version’s newest migration', async () => {
    // as a database restored from an older backup would be, or one no instance has migrated yet
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const removed = rowsOf<{ id: number; hash: string; created_at: string }>(
      await ctx.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning id, hash, created_at::text`,
      ),
    );
    expect(removed).toHaveLength(1);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.message).toBe(
        'Non pronto: il database non ha ancora tutte le migrazioni di questa versione',
      );
    } finally {
      const [row] = removed;
      await ctx.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at}::bigint)`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  describe('on an app of its own', () => {
    let local: TestContext;
    beforeAll(async () => {
      local = await buildTestApp();
    });
    afterAll(() => local.close());

    it('answers 503 within the check timeout when a service hangs, instead of hanging with it', async () => {
      // a service that accepts the question and never answers (a Redis behind a stuck network)
      local.app.readiness.register({
        name: 'redis',
        label: 'Redis',
        run: () => new Promise(() => undefined),
      });
      const started = Date.now();
      const { status, body } = await ready(local.app);
      const ms = Date.now() - started;
      expect(status).toBe(503);
      expect(body.message).toBe('Non pronto: Redis non risponde');
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(4000);
    });

    it('answers 503 from the moment shutdown begins, as every other route then does in the error format', async () => {
      local.app.readiness.beginShutdown();
      const { status, body } = await ready(local.app);
      expect(status).toBe(503);
      expect(body).toEqual({
        status: 'not-ready',
        message: 'Il server si sta arrestando: riprova tra poco',
        stopping: true,
        checks: [],
      });
      const health = await local.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        message: 'Il server si sta arrestando: riprova tra poco',
        code: 'SERVICE_UNAVAILABLE',
      });
    });
  });
});
