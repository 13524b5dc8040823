import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFilesystemBackend } from '../src/lib/object-store/filesystem.js';
import { describeObjectBackend } from './object-backend-contract.js';

const roots: string[] = [];
const newRoot = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-objects-'));
  roots.push(root);
  return root;
};
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

describeObjectBackend('filesystem', async () => createFilesystemBackend(newRoot()));

describe('filesystem backend', () => {
  it('reads the layout of existing installations and lists neither upload temporaries nor the inbox', async () => {
    const root = newRoot();
    const key =
      '0190a000-0000-7000-8000-000000000001/3f/a2/0190a000-0000-7000-8000-000000000002.jpg';
    fs.mkdirSync(path.join(root, path.dirname(key)), { recursive: true });
    fs.writeFileSync(path.join(root, key), 'jpeg di prima');
    fs.mkdirSync(path.join(root, 'inbox', 'azienda'), { recursive: true });
    fs.writeFileSync(path.join(root, 'inbox', 'azienda', 'da-ftp.jpg'), 'x');
    const backend = createFilesystemBackend(root);
    fs.writeFileSync(path.join(root, 'tmp', 'a-meta.part'), 'x');

    const listed = [];
    for await (const object of backend.list()) listed.push(object);
    expect(listed).toEqual([{ key, size: 13 }]);
    expect(await backend.head(key)).toEqual({ size: 13 });
  });

  it('refuses a key that leaves its root or names the temporaries', async () => {
    const backend = createFilesystemBackend(newRoot());
    await expect(backend.putBuffer('../fuori.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'chiave di file non valida',
    );
    await expect(backend.get('tmp/x.part')).rejects.toThrow('chiave di file non valida');
  });
});
