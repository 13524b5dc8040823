import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { onBuilt } from './on-built.ts';

/**
 * The first-load budget (docs/quality.md P9, docs/performance.md), checked on every build:
 * what a browser receives, compressed as the server sends it, for the login page and for the
 * dashboard after login. The routes' files are read from Vite's manifest (static imports only: what
 * loads before the page can draw), the fonts from the @font-face rules of the CSS they load.
 */
export const BUDGET = {
  /** HTML, JS, CSS and fonts of the login page, as served (brotli). */
  loginBytes: 250 * 1024,
  /** The same for the dashboard, the first page after login. */
  dashboardBytes: 450 * 1024,
  /** docs/quality.md P9: the login route's JavaScript, gzip. */
  loginJsGzipBytes: 170 * 1024,
  /** docs/quality.md P9: every chunk loaded later, gzip. */
  lazyChunkGzipBytes: 50 * 1024,
};

/** Manifest modules each route needs before it draws (the entry is index.html). */
export const ROUTES = {
  login: ['src/app/routes/login.tsx'],
  dashboard: ['src/app/shell.tsx', 'src/app/routes/dashboard.tsx'],
} as const;

/** The login page's own HTML, its first render included (build/prerender.ts). */
export const LOGIN_HTML = 'auth/login.html';

/** The theme a first visit gets (layout-config defaults), loaded by src/layout/theme.ts. */
const DEFAULT_THEME = /lara-light-blue\/theme\.css$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  files: string[];
  /** Bytes as served: the .br beside a file when there is one, else the file. */
  bytes: number;
  jsGzipBytes: number;
}

function servedBytes(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  return fs.statSync(fs.existsSync(`${full}.br`) ? `${full}.br` : full).size;
}

function gzipBytes(distDir: string, file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/** Font files a page using Latin text downloads: normal style, a range covering "A" or none. */
function fontsOf(distDir: string, cssFile: string): string[] {
  const css = fs.readFileSync(path.join(distDir, cssFile), 'utf8');
  const fonts: string[] = [];
  for (const [, face = ''] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    if (/font-style:\s*italic/.test(face)) continue;
    const range = /unicode-range:\s*([^;]+)/.exec(face)?.[1];
    if (range && !coversLatinA(range)) continue;
    // The first woff2 source is the one every current browser takes.
    const url = /url\(["']?([^"')]+\.woff2)["']?\)/.exec(face)?.[1];
    if (url) fonts.push(path.posix.join(path.posix.dirname(cssFile), url.replace(/^\//, '../')));
  }
  return fonts;
}

function coversLatinA(range: string): boolean {
  return range.split(',').some((part) => {
    // Minifiers write U+0000-00FF as U+00??.
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return (
      parseInt(from.replaceAll('?', '0'), 16) <= 0x41 &&
      0x41 <= parseInt(to.replaceAll('?', 'F'), 16)
    );
  });
}

function readManifest(distDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** What a route loads; `html` is the page the server sends for it (index.html unless prerendered). */
export function routeSize(
  distDir: string,
  modules: readonly string[],
  html = 'index.html',
): RouteSize {
  const manifest = readManifest(distDir);
  const files = new Set<string>([html]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`budget: ${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...modules]) visit(key);
  const theme = Object.entries(manifest).find(([key]) => DEFAULT_THEME.test(key));
  if (!theme) throw new Error('budget: the default theme is not in the build manifest');
  files.add(theme[1].file);
  for (const css of [...files].filter((f) => f.endsWith('.css'))) {
    for (const font of fontsOf(distDir, css)) files.add(path.posix.normalize(font));
  }
  const list = [...files];
  return {
    files: list,
    bytes: list.reduce((sum, f) => sum + servedBytes(distDir, f), 0),
    jsGzipBytes: list
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipBytes(distDir, f), 0),
  };
}

/** Every budget the build breaks, as readable lines; empty when all hold. */
export function checkBudget(distDir: string): {
  overruns: string[];
  login: RouteSize;
  dashboard: RouteSize;
} {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  // a build without the prerendered page (the budget's own tests) is measured with index.html
  const loginHtml = fs.existsSync(path.join(distDir, LOGIN_HTML)) ? LOGIN_HTML : 'index.html';
  const login = routeSize(distDir, ROUTES.login, loginHtml);
  const dashboard = routeSize(distDir, ROUTES.dashboard);
  const overruns: string[] = [];
  if (login.bytes > BUDGET.loginBytes)
    overruns.push(`login page ${kb(login.bytes)} > ${kb(BUDGET.loginBytes)}`);
  if (dashboard.bytes > BUDGET.dashboardBytes)
    overruns.push(`dashboard ${kb(dashboard.bytes)} > ${kb(BUDGET.dashboardBytes)}`);
  if (login.jsGzipBytes > BUDGET.loginJsGzipBytes) {
    overruns.push(
      `login JavaScript ${kb(login.jsGzipBytes)} gzip > ${kb(BUDGET.loginJsGzipBytes)} (P9)`,
    );
  }
  const loginFiles = new Set(login.files);
  for (const chunk of Object.values(readManifest(distDir))) {
    if (!chunk.file.endsWith('.js') || loginFiles.has(chunk.file)) continue;
    const gz = gzipBytes(distDir, chunk.file);
    if (gz > BUDGET.lazyChunkGzipBytes)
      overruns.push(`${chunk.file} ${kb(gz)} gzip > ${kb(BUDGET.lazyChunkGzipBytes)} (P9)`);
  }
  return { overruns, login, dashboard };
}

/** Fails the build over budget, after the precompress plugin has written the .br files. */
export function budget(): Plugin {
  return onBuilt('gestcava-budget', 'post', function (outDir) {
    const { overruns, login, dashboard } = checkBudget(outDir);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    this.info(
      `first load as served: login ${kb(login.bytes)} (JS ${kb(login.jsGzipBytes)} gzip), dashboard ${kb(dashboard.bytes)}`,
    );
    if (overruns.length) this.error(`over the first-load budget:\n  ${overruns.join('\n  ')}`);
  });
}
