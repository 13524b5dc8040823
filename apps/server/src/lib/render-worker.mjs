// The document worker (lib/render-pool.ts): renders a PDF from plain data off the event loop.
// Under Vitest a worker thread has no TypeScript loader, so it registers tsx itself before importing
// a renderer written in TypeScript; under `npm start` it inherits tsx's, and registering again is harmless.
import { once } from 'node:events';
import { register } from 'tsx/esm/api';

register();

/** The file goes back in chunks of about this size: pdfkit writes many tiny ones, each a message. */
const CHUNK = 64 * 1024;

/**
 * One task: the renderer module's URL and its input; the module's `render` export draws the document.
 * Buffers in the input (a logo, photos) arrive as Uint8Arrays, which pdfkit and sharp read alike.
 * With a `port` (the pool's `stream`), `render(input, rows)` returns a Readable: the rows are asked
 * for a batch at a time and the file's bytes are sent back through the port, then 'end'.
 */
export default async function renderTask({ module, input, port }) {
  const { render } = await import(module);
  if (!port) return render(input);
  // the main thread closes the port once it has read 'end' (or the task failed)
  let pending = [];
  let size = 0;
  const flush = () => {
    if (!size) return;
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of pending) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    port.postMessage(bytes, [bytes.buffer]);
    pending = [];
    size = 0;
  };
  for await (const chunk of render(input, batches(port))) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= CHUNK) flush();
  }
  flush();
  port.postMessage('end');
}

/** The rows, a batch at a time: each one asked for when the previous one has been drawn. */
async function* batches(port) {
  for (;;) {
    port.postMessage('next');
    const [message] = await once(port, 'message');
    if (message.abort) throw new Error('Documento interrotto');
    if (message.done) return;
    yield message.rows;
  }
}
