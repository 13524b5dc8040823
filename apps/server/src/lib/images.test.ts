import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_DECODES_AT_ONCE, imageDecodes, processPhoto } from './images.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-images-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('image decoding', () => {
  it('decodes at most two images at once; a burst queues instead of taking every libuv thread from the logins', async () => {
    const file = path.join(dir, 'foto.jpg');
    fs.writeFileSync(
      file,
      await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c8c0b0' } })
        .jpeg()
        .toBuffer(),
    );
    const seen: Array<{ active: number; waiting: number }> = [];
    const burst = Array.from({ length: 6 }, () =>
      processPhoto(file, 'jpeg').then(() => seen.push(imageDecodes())),
    );
    const atStart = imageDecodes();
    expect(atStart.active + atStart.waiting).toBe(6);
    expect(atStart.active).toBeLessThanOrEqual(IMAGE_DECODES_AT_ONCE);
    const done = await Promise.all(burst);
    expect(done).toHaveLength(6);
    expect(seen.every((s) => s.active <= IMAGE_DECODES_AT_ONCE)).toBe(true);
    expect(imageDecodes()).toEqual({ active: 0, waiting: 0 });
  });
});
