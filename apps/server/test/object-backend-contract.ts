import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { ObjectBackend } from '../src/lib/object-store/backend.js';

/**
 * What every ObjectBackend must do, as Storage and its callers rely on it. A backend's test file
 * calls this with a factory of empty backends (the filesystem here; S3 against s3rver).
 */
export function describeObjectBackend(name: string, make: () => Promise<ObjectBackend>) {
  const company = crypto.randomUUID();
  const key = (file: string) => `${company}/ab/cd/${file}`;

  describe(`ObjectBackend contract: ${name}`, () => {
    it('stores a local file byte for byte and takes the local file away', async () => {
      const backend = await make();
      const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-put-')), 'part');
      const body = Buffer.from('tredici byte!');
      fs.writeFileSync(local, body);
      await backend.putFile(local, key('a.pdf'), 'application/pdf');
      expect(fs.existsSync(local)).toBe(false);
      expect(await backend.head(key('a.pdf'))).toEqual({ size: 13 });
      expect(await text((await backend.get(key('a.pdf')))!)).toBe('tredici byte!');
    });

    it('answers null for a missing object, and removing one is not an error', async () => {
      const backend = await make();
      expect(await backend.get(key('nessuno.png'))).toBeNull();
      expect(await backend.head(key('nessuno.png'))).toBeNull();
      await backend.remove(key('nessuno.png'));
    });

    it('lists by prefix with sizes, and forgets a removed object', async () => {
      const backend = await make();
      const other = `${crypto.randomUUID()}/00/11/x.png`;
      await backend.putBuffer(key('b.png'), Buffer.alloc(5), 'image/png');
      await backend.putBuffer(key('b-thumb.webp'), Buffer.alloc(3), 'image/webp');
      await backend.putBuffer(other, Buffer.alloc(1), 'image/png');
      const listed = async (prefix?: string) => {
        const all = [];
        for await (const object of backend.list(prefix)) all.push(object);
        return all.sort((a, b) => a.key.localeCompare(b.key));
      };
      expect(await listed(`${company}/`)).toEqual([
        { key: key('b-thumb.webp'), size: 3 },
        { key: key('b.png'), size: 5 },
      ]);
      expect((await listed()).map((o) => o.key)).toEqual(
        expect.arrayContaining([key('b.png'), other]),
      );
      await backend.remove(key('b.png'));
      expect((await listed(`${company}/`)).map((o) => o.key)).toEqual([key('b-thumb.webp')]);
    });

    it('answers its readiness check', async () => {
      await expect((await make()).check()).resolves.toBeUndefined();
    });
  });
}
