import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGET, checkBudget, routeSize } from './budget';

let dist: string;
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A built app: files with their .br copies (as precompress.ts writes them) and Vite's manifest. */
function makeDist(files: Record<string, string | Buffer>, manifest: object) {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-budget-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dist, name), content);
    if (!name.endsWith('.woff2'))
      fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(content));
  }
}

const MANIFEST = {
  'index.html': {
    file: 'assets/index-a.js',
    imports: ['_shared-a.js'],
    css: ['assets/index-a.css'],
  },
  '_shared-a.js': { file: 'assets/shared-a.js' },
  'src/app/routes/login.tsx': { file: 'assets/login-a.js', imports: ['_shared-a.js', '_zod-a.js'] },
  '_zod-a.js': { file: 'assets/zod-a.js' },
  'src/app/shell.tsx': { file: 'assets/shell-a.js', imports: ['_shared-a.js'] },
  'src/app/routes/dashboard.tsx': { file: 'assets/dashboard-a.js' },
  '/repo/node_modules/primereact/resources/themes/lara-light-blue/theme.css': {
    file: 'assets/theme-a.css',
  },
  '/repo/node_modules/primereact/resources/themes/lara-dark-blue/theme.css': {
    file: 'assets/theme-b.css',
  },
};
const FONT_FACES = [
  '@font-face{font-family:icons;src:url(/assets/icons-a.eot);src:url(/assets/icons-a.woff2)format("woff2")}',
  '@font-face{font-family:x;font-style:normal;src:url(/assets/latin-a.woff2)format("woff2");unicode-range:U+00??,U+0131}',
  '@font-face{font-family:x;font-style:normal;src:url(/assets/cyrillic-a.woff2)format("woff2");unicode-range:U+0400-045F}',
  '@font-face{font-family:x;font-style:italic;src:url(/assets/latin-i.woff2)format("woff2");unicode-range:U+00??}',
].join('');

function files(extra: Record<string, string | Buffer> = {}) {
  return {
    'index.html': '<!doctype html>',
    'assets/index-a.js': 'console.log("entry")',
    'assets/shared-a.js': 'export const shared = 1',
    'assets/login-a.js': 'export const login = 1',
    'assets/zod-a.js': 'export const zod = 1',
    'assets/shell-a.js': 'export const layout = 1',
    'assets/dashboard-a.js': 'export const dashboard = 1',
    'assets/index-a.css': FONT_FACES,
    'assets/theme-a.css': ':root{--primary-color:#3b82f6}',
    'assets/theme-b.css': ':root{--primary-color:#60a5fa}',
    'assets/icons-a.woff2': Buffer.alloc(1000),
    'assets/latin-a.woff2': Buffer.alloc(2000),
    'assets/cyrillic-a.woff2': Buffer.alloc(3000),
    'assets/latin-i.woff2': Buffer.alloc(4000),
    ...extra,
  };
}

describe('first-load budget', () => {
  it('counts the entry, the route, their static imports, the default theme and the upright Latin fonts', () => {
    makeDist(files(), MANIFEST);
    const login = routeSize(dist, ['src/app/routes/login.tsx']);
    expect(login.files.sort()).toEqual([
      'assets/icons-a.woff2',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/latin-a.woff2',
      'assets/login-a.js',
      'assets/shared-a.js',
      'assets/theme-a.css',
      'assets/zod-a.js',
      'index.html',
    ]);
    const served = login.files.reduce((sum, f) => {
      const full = path.join(dist, f);
      return sum + fs.statSync(fs.existsSync(`${full}.br`) ? `${full}.br` : full).size;
    }, 0);
    expect(login.bytes).toBe(served);
    expect(checkBudget(dist).overruns).toEqual([]);
  });

  it('measures the login page with its prerendered HTML when the build has it, the dashboard with index.html', () => {
    makeDist(files(), MANIFEST);
    fs.mkdirSync(path.join(dist, 'auth'));
    const drawn = `<!doctype html><div id="root">${'<input class="p-inputtext">'.repeat(50)}</div>`;
    fs.writeFileSync(path.join(dist, 'auth/login.html'), drawn);
    fs.writeFileSync(path.join(dist, 'auth/login.html.br'), zlib.brotliCompressSync(drawn));
    const { login, dashboard } = checkBudget(dist);
    expect(login.files).toContain('auth/login.html');
    expect(login.files).not.toContain('index.html');
    expect(dashboard.files).toContain('index.html');
    expect(login.bytes - routeSize(dist, ['src/app/routes/login.tsx']).bytes).toBe(
      zlib.brotliCompressSync(drawn).length - zlib.brotliCompressSync('<!doctype html>').length,
    );
  });

  it('names every route and chunk over budget', () => {
    const random = (n: number) =>
      Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256)));
    makeDist(
      files({
        'assets/dashboard-a.js': random(BUDGET.dashboardBytes),
        'assets/latin-a.woff2': random(BUDGET.loginBytes),
      }),
      MANIFEST,
    );
    const overruns = checkBudget(dist).overruns.join('\n');
    expect(overruns).toMatch(/^login page .* > 250\.0 KB$/m);
    expect(overruns).toMatch(/^dashboard .* > 450\.0 KB$/m);
    expect(overruns).toMatch(/^assets\/dashboard-a\.js .* gzip > 50\.0 KB \(P9\)$/m);
  });
});
