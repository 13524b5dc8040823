import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** The API prefixes the server owns (DESIGN §3.1); in development Vite forwards them to it. */
const API_PREFIXES = ['/api', '/user', '/companies', '/photos', '/photo-gallery'];
const API_TARGET = process.env.GESTCAVA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
    // Every chunk is measured against QUALITY P9 (login route ≤ 170 KB gz, lazy pages ≤ 50 KB gz).
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
          ],
        },
      },
      treeshake: {
        // The contracts package has no "sideEffects" field: without this, data it builds at module
        // level (the country list, lookup maps) would land in the login route even when unused.
        // Only its index has a real side effect (zod's Italian messages).
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) || /[\\/]contracts[\\/]src[\\/]index\.ts$/.test(id),
      },
    },
  },
});
