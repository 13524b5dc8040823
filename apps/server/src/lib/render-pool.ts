import os from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from './app-error.js';

/**
 * CPU-heavy documents (labels with QR codes, the verbale) render in a small pool of worker threads
 * (docs/quality.md P14): QR encoding and pdfkit are synchronous, and a 170-label sheet held the
 * event loop, and every other user's requests, for seconds. The database reads stay on the main
 * thread; a worker gets plain data and gives back the bytes.
 */

export type RenderPool = ReturnType<typeof createRenderPool>;

/** Documents waiting for a thread beyond this are refused: a queue that only grows helps no one. */
const MAX_QUEUE = 16;

export function createRenderPool({
  threads = Math.max(1, os.availableParallelism() - 1),
}: { threads?: number } = {}) {
  const pool = new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    // started on the first document, not with the app (tests build many apps); idle ones leave after 5 minutes
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 5 * 60_000,
  });

  const refuseIfFull = () => {
    if (pool.queueSize >= MAX_QUEUE) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Troppi documenti in preparazione: riprova tra qualche secondo',
        { headers: { 'retry-after': '5' } },
      );
    }
  };

  return {
    /**
     * The `render(input)` export of the module at `module` (the `.ts` file's URL: `new URL('./x.pdf.ts',
     * import.meta.url)`), in a worker thread; `I` is that export's input (plain data: structured-cloned).
     */
    async render<I>(module: URL, input: I): Promise<Buffer> {
      refuseIfFull();
      const bytes = (await pool.run({ module: module.href, input })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    /**
     * A long document written while its rows are read (the reports): the module's `render(input, rows)`
     * returns a Readable in the worker. Through a MessageChannel the worker asks for each batch of `rows`
     * (plain data) when it has drawn the previous one, and sends the file back in chunks; the next batch
     * is read only once the returned stream has room, so neither side ever holds more than a batch and a
     * chunk, whatever the number of rows. The database reads stay here, on the main thread.
     * A failure on either side calls `onError` and destroys the stream, as a report that fails mid-way did.
     */
    stream<I, R>(
      module: URL,
      input: I,
      rows: AsyncIterable<R[]>,
      onError: (e: unknown) => void,
    ): Readable {
      refuseIfFull();
      return streamThroughWorker(pool, { module, input, rows, onError });
    },

    /** Waits for the documents being drawn, then ends the threads (the app's onClose). */
    close: () => pool.close(),
  };
}

/** `stream`'s two ends: the worker draws and asks for rows through a port, this side reads and writes. */
function streamThroughWorker<I, R>(
  pool: Piscina,
  {
    module,
    input,
    rows,
    onError,
  }: { module: URL; input: I; rows: AsyncIterable<R[]>; onError: (e: unknown) => void },
): Readable {
  const { port1, port2 } = new MessageChannel();
  const out = new PassThrough();
  const batches = rows[Symbol.asyncIterator]();
  const fail = (error: unknown) => {
    if (out.destroyed) return;
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const next = async () => {
    await roomIn(out);
    // a client that went away: the worker stops drawing
    if (out.destroyed) return port1.postMessage({ abort: true });
    const batch = await batches.next();
    port1.postMessage(batch.done ? { done: true } : { rows: batch.value });
  };
  port1.on('message', (message: 'next' | 'end' | Uint8Array) => {
    if (message === 'next') {
      next().catch((error: unknown) => {
        fail(error);
        port1.postMessage({ abort: true });
      });
    } else if (message === 'end') {
      out.end();
      port1.close();
    } else if (!out.destroyed) out.write(message);
  });
  pool
    .run({ module: module.href, input, port: port2 }, { transferList: [port2] })
    // the file's last chunk and 'end' come through the port, which closes on 'end'
    .catch((error: unknown) => {
      fail(error);
      port1.close();
    });
  return out;
}

/** The response's own backpressure: a slow client slows the reads and the drawing. */
async function roomIn(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    // both listeners go, whichever comes: a report waits here once per batch
    const done = () => {
      out.off('drain', done).off('close', done);
      resolve();
    };
    out.on('drain', done).on('close', done);
  });
}
