import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { entrySrcOf, injectPage, paintFirstScript } from './prerender';

/** The shape of the index.html Vite writes (apps/web/index.html after the build). */
const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <title>GestCava</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerendered pages (docs/performance.md "The login paints first")', () => {
  const page = {
    html: '<link rel="preload" as="image" href="/user/logo"/><main><p>Costo: 5 $&amp; più</p></main>',
    title: 'Accedi · GestCava',
  };
  const out = injectPage(TEMPLATE, page, '/assets/theme-Zz99.css', '/assets/paint-first-Qq11.js');

  it('puts the markup in the root, without the image hints React writes before it', () => {
    expect(out).toContain('<div id="root"><main><p>Costo: 5 $&amp; più</p></main></div>');
    expect(out).not.toContain('rel="preload"');
    expect(out).toContain('<title>Accedi · GestCava</title>');
  });

  it("links the default theme before the app's stylesheet, as the script's theme switch does", () => {
    const theme = out.indexOf(
      '<link rel="stylesheet" href="/assets/theme-Zz99.css" id="theme-css"',
    );
    expect(theme).toBeGreaterThan(0);
    expect(theme).toBeLessThan(out.indexOf('/assets/index-Ef56Gh78.css'));
  });

  it('marks <html> with the default theme as the script does, so the contrast rules apply before it runs', () => {
    expect(out).toContain(
      '<html lang="it" data-theme="lara-light-blue" data-color-scheme="light">',
    );
  });

  it('starts the entry from the paint-first script only', () => {
    expect(out).toContain('<script defer src="/assets/paint-first-Qq11.js"></script>');
    expect(out).not.toContain('/assets/index-Ab12Cd34.js');
    expect(entrySrcOf(TEMPLATE)).toBe('/assets/index-Ab12Cd34.js');
  });

  function runPaintFirst(observesPaint: boolean) {
    const added: { type?: string; src?: string; crossOrigin?: string }[] = [];
    const timers: (() => void)[] = [];
    let paint: ((list: { getEntriesByName(name: string): unknown[] }, o: object) => void) | null =
      null;
    const observer = { disconnect() {} };
    class PerformanceObserver {
      static supportedEntryTypes = observesPaint ? ['paint', 'navigation'] : ['navigation'];
      constructor(callback: NonNullable<typeof paint>) {
        paint = callback;
      }
      observe() {}
      disconnect() {}
    }
    vm.runInNewContext(paintFirstScript('/assets/index-Ab12Cd34.js'), {
      PerformanceObserver,
      document: {
        createElement: () => ({}),
        head: { appendChild: (el: (typeof added)[number]) => added.push(el) },
      },
      requestAnimationFrame: (fn: () => void) => fn(),
      setTimeout: (fn: () => void) => timers.push(fn),
    });
    const firstPaint = (name: string) =>
      paint?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, observer);
    return { added, timers, firstPaint };
  }

  it('the paint-first script adds the entry at the first contentful paint, once', () => {
    const { added, timers, firstPaint } = runPaintFirst(true);
    firstPaint('first-paint');
    expect(added).toEqual([]);
    firstPaint('first-contentful-paint');
    expect(added).toEqual([{ type: 'module', crossOrigin: '', src: '/assets/index-Ab12Cd34.js' }]);
    // the fallback second passes: nothing more
    for (const timer of timers) timer();
    expect(added).toHaveLength(1);
  });

  it('without paint timing it adds the entry after a frame, or after a second', () => {
    const { added, timers } = runPaintFirst(false);
    expect(added).toEqual([]);
    for (const timer of timers) timer();
    expect(added).toHaveLength(1);
  });
});
