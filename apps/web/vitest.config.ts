import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    // Playwright's e2e/*.spec.ts must not be picked up here (STACK gotcha 8).
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Both cores (Vitest's default leaves one free): the layer took 115 s, now ~75 s. Files stay
    // isolated: sharing one document between files leaked PrimeReact overlays into later tests.
    maxWorkers: 2,
    restoreMocks: true,
  },
});
