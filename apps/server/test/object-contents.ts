import type { ObjectBackend } from '../src/lib/object-store/backend.js';

/** An object's bytes, or null when there is none. */
export async function readObject(backend: ObjectBackend, key: string): Promise<Buffer | null> {
  const stream = await backend.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every object of the backend with its bytes. */
export async function objectContents(backend: ObjectBackend): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for await (const o of backend.list()) found.set(o.key, (await readObject(backend, o.key))!);
  return found;
}
