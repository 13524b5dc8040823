/**
 * DNS rebinding: a hostile page whose name resolves to this server must not be answered as if it
 * were GestCava. Only the names the instance serves are accepted, for HTTP and the socket handshake.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';
import {
  buildTestApp,
  TEST_PASSWORD,
  setupCompany,
  fetchCsrf,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    PUBLIC_HOSTS: 'gestcava.miacava.it, 192.168.1.10',
    PRODUCTION_DOMAIN: 'cava.example.it',
  });
});
afterAll(() => ctx.close());

const health = (host: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host } });

describe('Host header (DNS rebinding)', () => {
  it('answers loopback names on any port, PUBLIC_HOSTS and PRODUCTION_DOMAIN', async () => {
    for (const host of [
      'localhost',
      'localhost:80',
      'LOCALHOST:5173',
      '127.0.0.1:3000',
      '[::1]:3000',
      'gestcava.miacava.it',
      '192.168.1.10:3000',
      'cava.example.it',
      'app.cava.example.it',
    ]) {
      expect((await health(host)).statusCode, host).toBe(200);
    }
  });

  it('refuses any other host with 421 in the API error shape, before a login is tried', async () => {
    for (const host of [
      'attacker.example',
      'attacker.example:3000',
      'localhost.attacker.example',
      'cava.example.it.attacker.example',
      'xcava.example.it',
      '10.0.0.5',
    ]) {
      const res = await health(host);
      expect(res.statusCode, host).toBe(421);
      expect(res.json()).toEqual({
        message: 'Richiesta per un host non servito da questo server',
        code: 'MISDIRECTED_REQUEST',
      });
    }
    const { admin } = await setupCompany(ctx);
    const csrf = await fetchCsrf(ctx.app);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { host: 'attacker.example', 'x-csrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(421);
  });

  it('refuses the socket.io handshake for another host with 421', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    const handshake = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/socket.io/?EIO=4&transport=polling',
            headers: { host },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
      });
    expect((await handshake(`127.0.0.1:${port}`)).status).toBe(200);
    const refused = await handshake('attacker.example');
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'MISDIRECTED_REQUEST' });
  });
});

describe('configuration', () => {
  it('refuses to listen on every interface without the names it is reached by', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/PUBLIC_HOSTS/);
    expect(
      loadConfig({ HOST: '0.0.0.0', PUBLIC_HOSTS: 'gestcava.miacava.it' }).publicHosts,
    ).toEqual(['gestcava.miacava.it']);
    expect(() =>
      loadConfig({ HOST: '0.0.0.0', PRODUCTION_DOMAIN: 'gestcava.miacava.it' }),
    ).not.toThrow();
    // A single address is itself the name it is reached by.
    expect(() => loadConfig({ HOST: '192.168.1.10' })).not.toThrow();
  });
});
