import os from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from './app-error.js';

/**
 * CPU-heavy documents (labels with QR codes, the verbale) render in a small pool of worker threads
 * (issue 23, QUALITY P14): QR encoding and pdfkit are synchronous, and a 170-label sheet held the
 * event loop, and every other user's requests, for seconds. The database reads stay on the main
 * thread; a worker gets plain data and gives back the bytes.
 */

export type RenderPool = ReturnType<typeof createRenderPool>;

/** Documents waiting for a thread beyond this are refused: a queue that only grows helps no one. */
const MAX_QUEUE = 16;

export function createRenderPool({ threads = Math.max(1, os.availableParallelism() - 1) }: { threads?: number } = {}) {
  const pool = new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    // started on the first document, not with the app (tests build many apps); idle ones leave after 5 minutes
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 5 * 60_000,
  });

  return {
    /**
     * The `render(input)` export of the module at `module` (the `.ts` file's URL: `new URL('./x.pdf.ts',
     * import.meta.url)`), in a worker thread; `I` is that export's input (plain data: structured-cloned).
     */
    async render<I>(module: URL, input: I): Promise<Buffer> {
      if (pool.queueSize >= MAX_QUEUE) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Troppi documenti in preparazione: riprova tra qualche secondo', { headers: { 'retry-after': '5' } });
      }
      const bytes = (await pool.run({ module: module.href, input })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    /** Waits for the documents being drawn, then ends the threads (the app's onClose). */
    close: () => pool.close(),
  };
}
