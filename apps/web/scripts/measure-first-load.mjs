#!/usr/bin/env node
// Measures what a browser really receives (headers included, compressed as served) on the login page
// and then on the dashboard after logging in, against a running server:
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/measure-first-load.mjs [email] [password]
// The build's own budget check (build/budget.ts) counts bodies only; this adds headers and API calls.
import { chromium } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const [email = 'admin@cava.example', password = 'Cava-Demo-2026'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  const received = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes();
    received.push({
      url: new URL(request.url()).pathname,
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
    });
  });
  await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
  const login = received.splice(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(/\/app\//);
  await page.waitForLoadState('networkidle');
  const dashboard = received.splice(0);
  const kb = (list) =>
    `${(list.reduce((s, r) => s + r.bytes, 0) / 1024).toFixed(1)} KB in ${list.length} requests`;
  console.log(`login page: ${kb(login)}`);
  console.log(
    `login to dashboard: ${kb(dashboard)}; login + dashboard: ${kb([...login, ...dashboard])}`,
  );
  if (process.env.VERBOSE) for (const r of [...login, ...dashboard]) console.log(r.bytes, r.url);
} finally {
  await browser.close();
}
