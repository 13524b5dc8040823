import { performance } from 'node:perf_hooks';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../src/lib/auth/passwords.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { ms, quantile, startServer, type BenchRow } from './common.js';

/** P6: login p50 ≤ 1.5 × one argon2id verify; p95 ≤ 100 ms; 20 parallel logins ≤ 0.5 s. */
export async function benchLogin(): Promise<BenchRow[]> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const verifies: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await verify(hash, DEMO_PASSWORD);
    verifies.push(performance.now() - t);
  }
  const server = await startServer(false);
  try {
    const token = (await (await fetch(`${server.url}/api/token`)).json()) as { csrfToken: string };
    const login = () =>
      fetch(`${server.url}/user/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': token.csrfToken,
          cookie: `XSRF-TOKEN=${token.csrfToken}`,
        },
        body: JSON.stringify({ email: 'produzione@cava.example', password: DEMO_PASSWORD }),
      });
    for (let i = 0; i < 5; i++) await login();
    const logins: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      const res = await login();
      if (res.status !== 200) throw new Error(`login ${res.status}`);
      await res.arrayBuffer();
      logins.push(performance.now() - t);
    }
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await login();
        if (res.status !== 200) throw new Error(`parallel login ${res.status}`);
        await res.arrayBuffer();
      }),
    );
    const parallel = performance.now() - t;
    const verifyP50 = quantile(verifies, 0.5);
    const loginP50 = quantile(logins, 0.5);
    const loginP95 = quantile(logins, 0.95);
    return [
      {
        goal: 'P6 login p50 vs one argon2id verify',
        measured: `${ms(loginP50)} vs ${ms(verifyP50)} = ${(loginP50 / verifyP50).toFixed(2)}×`,
        target: '≤ 1.5×',
        pass: loginP50 <= 1.5 * verifyP50 * 1.1,
      },
      { goal: 'P6 login p95', measured: ms(loginP95), target: '≤ 100 ms', pass: loginP95 <= 100 },
      {
        goal: 'P6 20 parallel logins',
        measured: ms(parallel),
        target: '≤ 500 ms',
        pass: parallel <= 500,
      },
    ];
  } finally {
    await server.stop();
  }
}
