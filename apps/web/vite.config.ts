import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { budget } from './build/budget.ts';
import { precompress } from './build/precompress.ts';
import { prerenderPages } from './build/prerender.ts';

/** The API prefixes the server owns (docs/api.md "Shape of the API"); in development Vite forwards them to it. */
const API_PREFIXES = ['/api', '/user', '/companies', '/photos', '/photo-gallery'];
const API_TARGET = process.env.GESTCAVA_API_URL ?? 'http://127.0.0.1:3000';
/** Every path the server answers itself (apps/server/src/plugins/web-app.ts API_PREFIXES). */
const SERVER_PREFIXES = [...API_PREFIXES, '/socket.io'];

/**
 * The installed app's service worker (docs/offline.md): Workbox precaches the built app so
 * it starts without network, and answers the app's own page addresses with index.html. The server's
 * addresses (API, downloads, photos) always go to the network: no API answer is cached here (item
 * data offline is the per-user IndexedDB copy). 'prompt': a new version waits for the user's
 * "Aggiorna" (components/offline/update-prompt.tsx); the page registers it after its first render
 * (lib/offline/register-sw.ts), so workbox-window stays out of the login route.
 */
function serviceWorker() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    // public/manifest.webmanifest, linked by index.html, is the manifest.
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest,json}'],
      globIgnores: [
        // the brotli and gzip copies the precompress plugin writes: the server picks them, not the worker
        '**/*.br',
        '**/*.gz',
        // Vite's build manifest (read by the budget check), not part of the app
        '.vite/**',
        // primeicons' SVG font: every browser the app supports takes its woff2
        'assets/primeicons-*.svg',
      ],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [
        ...SERVER_PREFIXES.map((p) => new RegExp(`^${p}(/|\\?|$)`)),
        // files of the build a link may open directly
        /^\/assets\//,
        /^\/(robots\.txt|manifest\.webmanifest|sw\.js)$/,
      ],
      // the first visit's page is served by the worker as soon as it is active, not after a reload
      clientsClaim: true,
      cleanupOutdatedCaches: true,
    },
  });
}

/**
 * The lara themes declare the Inter font (337 KB upright, 372 KB italic); the app uses the system
 * font instead (src/styles/fonts.css), so the themes' @font-face rules go and the fonts are not emitted.
 */
function themeWithoutFonts(): Plugin {
  return {
    name: 'gestcava-theme-without-fonts',
    // Before Vite's CSS plugin, which would otherwise emit the fonts the rules point to.
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]primereact[\\/]resources[\\/]themes[\\/].+\.css(\?|$)/.test(id)) return null;
      return { code: code.replace(/@font-face\s*{[^}]*}/g, ''), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    themeWithoutFonts(),
    prerenderPages(),
    serviceWorker(),
    precompress(),
    budget(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // PrimeReact's Chart imports chart.js/auto (every chart type, 68 KB gzip > the 50 KB of P9)
      'chart.js/auto': fileURLToPath(new URL('./src/lib/chart-auto.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(
        API_PREFIXES.map((p) => [`^${p}(/|\\?|$)`, { target: API_TARGET, changeOrigin: false }]),
      ),
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the budget check (build/budget.ts) to find what each route loads.
    manifest: true,
    // A lazy page's stylesheets are fetched with it, and so are the scripts of the dashboard (the
    // page after login); the other pages' scripts follow their own imports. Listing every page's
    // scripts in the entry cost the login route about 2 KB gz and grew with each page
    // (docs/performance.md "The first load on a phone"); the service worker keeps them all once loaded.
    modulePreload: {
      resolveDependencies: (file, deps) =>
        /\/dashboard-[^/]*\.js$/.test(file) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // Every chunk is measured against docs/quality.md P9 (login route ≤ 170 KB gz, lazy pages ≤ 50 KB gz).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // PrimeReact's DataTable (~37 KB gz) alone: grouped with the paginator, dropdown and
            // virtual scroller it pulls in, the chunk shared by the list pages would pass 50 KB (P9).
            {
              name: 'primereact-datatable',
              test: /[\\/]primereact[\\/]datatable[\\/]/,
              includeDependenciesRecursively: false,
            },
            // Chart.js's helpers apart from its core: together they pass the 50 KB of a lazy chunk (P9).
            {
              name: 'chartjs-helpers',
              test: /[\\/]chart\.js[\\/]dist[\\/]chunks[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // The contracts package has no "sideEffects" field: without this, data it builds at module
        // level (the country list, lookup maps) would land in the login route even when unused.
        // Only its index has a real side effect (zod's Italian messages).
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ||
          /[\\/]contracts[\\/]src[\\/]index\.ts$/.test(id),
      },
    },
  },
});
