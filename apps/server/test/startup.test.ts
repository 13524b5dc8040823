import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const main = path.join(root, 'apps/server/src/main.ts');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-start-'));
  dirs.push(dataDir);
  // as scripts/start.mjs runs it: tsx as a loader, one process that receives the signal itself
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

// Each test starts a whole process (PGlite initdb, migrations, seed): give it time on a busy machine.
describe('starting the server (npm start)', { timeout: 120_000 }, () => {
  it('seeds the demo group on an empty database, prints the logins, serves and stops cleanly on SIGTERM', async () => {
    const port = String(34000 + Math.floor(Math.random() * 1000));
    const server = start({ PORT: port });
    // The banner may reach the pipe in more than one chunk: wait for its last line, the segheria login.
    expect(await waitFor(() => server.output().includes('segheria@cava.example'), 60_000)).toBe(
      true,
    );
    expect(server.output()).toContain('GestCava è pronto');
    expect(server.output()).toContain(`http://127.0.0.1:${port}`);
    expect(server.output()).toContain('admin@cava.example');
    expect(server.output()).toContain('Cava-Demo-2026');

    // anonymous: only the status (docs/security.md, "Public metadata")
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const token = await fetch(`http://127.0.0.1:${port}/api/token`);
    const csrf = ((await token.json()) as { csrfToken: string }).csrfToken;
    const login = await fetch(`http://127.0.0.1:${port}/user/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': csrf,
        cookie: `XSRF-TOKEN=${csrf}`,
      },
      body: JSON.stringify({ email: 'segheria@cava.example', password: 'Cava-Demo-2026' }),
    });
    expect(login.status).toBe(200);
    const user = ((await login.json()) as { user: { accessToken: string } }).user;
    const company = await fetch(`http://127.0.0.1:${port}/companies/user-company`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(
      ((await company.json()) as { company: { name: string; quarryName: string | null } }).company,
    ).toMatchObject({
      name: 'Segheria Demo S.r.l.',
      quarryName: null,
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses a network HOST while demo accounts exist, naming the way out', async () => {
    const server = start({ HOST: '0.0.0.0', PUBLIC_HOSTS: 'gestcava.miacava.it', PORT: '0' });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('DEMO_ON_NETWORK=1');
  });

  it('stops at once on a wrong setting, naming the variable', async () => {
    const server = start({ PORT: 'tremila' });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toMatch(/PORT/);
  });

  it('never seeds demo data in production', async () => {
    const port = String(35000 + Math.floor(Math.random() * 1000));
    const server = start({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PORT: port,
      HOST: '0.0.0.0',
      PUBLIC_HOSTS: 'gestcava.miacava.it',
    });
    expect(await waitFor(() => server.output().includes('GestCava è pronto'), 60_000)).toBe(true);
    expect(server.output()).not.toContain('admin@cava.example');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
