// The document worker (lib/render-pool.ts): renders a PDF from plain data off the event loop.
// Under Vitest a worker thread has no TypeScript loader, so it registers tsx itself before importing
// a renderer written in TypeScript; under `npm start` it inherits tsx's, and registering again is harmless.
import { register } from 'tsx/esm/api';

register();

/**
 * One task: the renderer module's URL and its input; the module's `render` export draws the document.
 * Buffers in the input (a logo, photos) arrive as Uint8Arrays, which pdfkit and sharp read alike.
 */
export default async function renderTask({ module, input }) {
  const { render } = await import(module);
  return render(input);
}
