import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { CRITICAL_CSS_ID } from '../src/layout/critical-css.ts';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** The entry that renders the public pages (src/prerender.tsx), built for Node. */
const ENTRY = 'src/prerender.tsx';
/** Where that build goes: under node_modules, so Node finds react and react-router from it. */
const SSR_OUT_DIR = 'node_modules/.vite/prerender';
/** The theme a first visit gets (layout-config defaults), the one the pages are drawn with. */
const DEFAULT_THEME_NAME = 'lara-light-blue';
const DEFAULT_THEME = new RegExp(`${DEFAULT_THEME_NAME}[\\\\/]theme\\.css$`);

interface PrerenderModule {
  PRERENDERED_PAGES: readonly { path: string; file: string }[];
  prerenderPage(path: string): Promise<{ html: string; title: string }>;
}

/** Builds src/prerender.tsx for Node with the app's aliases and loads it. */
async function loadPrerenderer(config: ResolvedConfig): Promise<PrerenderModule> {
  const outDir = path.join(config.root, SSR_OUT_DIR);
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    build: {
      ssr: ENTRY,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
    // the workspace's contracts are TypeScript sources: bundled, not left to Node
    ssr: { noExternal: ['@gestcava/contracts'] },
  });
  // a fresh URL per build: Node caches modules by URL
  const url = `${pathToFileURL(path.join(outDir, 'prerender.mjs')).href}?t=${Date.now()}`;
  return (await import(url)) as PrerenderModule;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The prerendered pages' only script tag: it adds the app's entry once the browser reports the
 * page's first contentful paint (after the stylesheets), or after a second when no paint comes (a
 * hidden tab) or the browser reports none. Fetched with the stylesheets, the entry's 94 KB would
 * share the bandwidth the first paint waits for on a slow link; started after it, it only delays
 * the moment the form answers. An external file: the CSP allows no inline script.
 */
export function paintFirstScript(entrySrc: string): string {
  return `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entrySrc)};
    document.head.appendChild(script);
  }
  var observes = typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (observes) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, 1000);
})();
`;
}

/** The entry script tag Vite writes into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The entry's address in the built index.html. */
export function entrySrcOf(template: string): string {
  const src = ENTRY_SCRIPT.exec(template)?.[1];
  if (!src) throw new Error('prerender: index.html has no entry script');
  return src;
}

/**
 * The built index.html with the page's markup in its root, its title, the default theme linked,
 * and the entry started by `bootSrc` (paintFirstScript) instead of its own tag.
 */
export function injectPage(
  template: string,
  page: { html: string; title: string },
  themeHref: string,
  bootSrc: string,
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('prerender: index.html has no empty #root');
  entrySrcOf(template);
  // React puts a preload hint before the markup for each image it draws: in a static page the
  // <img> itself is found as early, and inside #root the hint is not part of what the script draws.
  const markup = page.html.replace(/^(<link rel="preload"[^>]*\/>)+/, '');
  // The id and data attribute src/layout/theme.ts gives the link it adds: the script finds the
  // theme already there and swaps it only for a visitor who chose another one.
  const theme = `<link rel="stylesheet" href="${themeHref}" id="theme-css" data-theme-link>`;
  // The attributes src/layout/theme.ts puts on <html>: the contrast rules (src/styles/contrast.css)
  // key on them, and before the script ran the login's link was drawn at the theme's 3.7:1.
  const themed = `<html lang="it" data-theme="${DEFAULT_THEME_NAME}" data-color-scheme="light">`;
  if (!template.includes('<html lang="it">'))
    throw new Error('prerender: index.html has no <html lang="it">');
  return template
    .replace('<html lang="it">', () => themed)
    .replace(ENTRY_SCRIPT, () => `<script defer src="${bootSrc}"></script>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<link rel="stylesheet"|<\/head>/, (first) => `${theme}\n    ${first}`)
    .replace(root, () => `<div id="root">${markup}</div>`);
}

/**
 * Inlines the rules the drawn page uses (Beasties reads the page's markup against its stylesheets)
 * and moves the stylesheets to the end of the body, so the first paint waits for no file: on a slow
 * link the two sheets (40 KB compressed) held the login's largest paint for about half a second.
 * The full sheets still load, unchanged, for the app the script then starts. Stylesheets are read
 * from the bundle being written, since nothing is on disk yet.
 */
async function inlineCriticalCss(
  html: string,
  bundle: Rollup.OutputBundle,
  base: string,
): Promise<string> {
  const root = '/bundle/';
  const beasties = new (class extends Beasties {
    override readFile(filename: string): string {
      const asset = bundle[filename.slice(root.length)];
      if (asset?.type !== 'asset') throw new Error(`prerender: ${filename} is not in the build`);
      return String(asset.source);
    }
  })({
    path: root,
    publicPath: base,
    preload: 'body',
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'warn',
  });
  const inlined = await beasties.process(html);
  // named, so a theme swap can take these default-theme rules away (src/layout/theme.ts)
  if (!inlined.includes('<style>')) throw new Error('prerender: Beasties inlined no CSS');
  return inlined.replace('<style>', `<style id="${CRITICAL_CSS_ID}">`);
}

/**
 * The login page and the landing, drawn at build time from the app's own components with React's
 * static prerendering (docs/performance.md "The login paints first"): each gets its HTML file
 * beside index.html, which the server sends for that address. The files join the bundle, so the
 * compression, the budget check and the service worker's precache see them like any other.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gestcava-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('prerender: no index.html in the build');
        const theme = Object.values(bundle).find(
          (file): file is Rollup.OutputAsset =>
            file.type === 'asset' && file.originalFileNames.some((n) => DEFAULT_THEME.test(n)),
        );
        if (!theme) return this.error('prerender: the default theme is not in the build');
        const themeHref = `${config.base}${theme.fileName}`;
        const template = String(index.source);
        const boot = this.emitFile({
          type: 'asset',
          name: 'paint-first.js',
          source: paintFirstScript(entrySrcOf(template)),
        });
        const bootSrc = `${config.base}${this.getFileName(boot)}`;
        const prerenderer = await loadPrerenderer(config);
        for (const { path: pagePath, file } of prerenderer.PRERENDERED_PAGES) {
          const page = await prerenderer.prerenderPage(pagePath);
          const html = injectPage(template, page, themeHref, bootSrc);
          this.emitFile({
            type: 'asset',
            fileName: file,
            source: await inlineCriticalCss(html, bundle, config.base),
          });
        }
      },
    },
  };
}
