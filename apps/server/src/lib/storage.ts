import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { hmac, safeEqual } from './secrets.js';

/** Prefix under which signed file URLs are served (inside the API's `/api` prefix). */
export const FILES_ROUTE = '/api/files';

const KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}(?:-[a-z0-9]+)?\.[a-z0-9]{2,5}$/;

export interface SignedUrlOptions {
  /** Valid at least this long; the expiry is rounded up to the next multiple so a URL stays the same
   *  for a while and the browser can cache the image behind it. */
  ttlSeconds: number;
  /** Served as an attachment with this file name. */
  downloadName?: string;
}

export type Storage = ReturnType<typeof createStorage>;

/** A note in the temporary folder naming files placed ahead of the row that will own them. */
const NOTE_SUFFIX = '.placing';

/**
 * Files written into storage before the row that owns them is committed (QUALITY R7). Each key is
 * written to the note before its file is moved into place, and the note is removed once the row is
 * committed or the files are removed again: a note found at start-up is a crash in between, and its
 * keys that no row owns are the crash's leftovers.
 */
export interface Placement {
  add(key: string): Promise<void>;
  end(): Promise<void>;
}

/**
 * Files live under `<root>/<companyId>/<aa>/<bb>/<uuid>.<ext>` (DESIGN §2.2): names chosen by the
 * server, never by the client, and served only through short-lived signed URLs.
 */
export function createStorage({ root, signingKey }: { root: string; signingKey: Buffer }) {
  const tempDir = path.join(root, 'tmp');
  fs.mkdirSync(tempDir, { recursive: true });

  function absolute(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('chiave di file non valida');
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('chiave di file non valida');
    return full;
  }

  function expiry(ttlSeconds: number) {
    const window = Math.max(60, Math.floor(ttlSeconds / 2));
    return Math.ceil((Math.floor(Date.now() / 1000) + ttlSeconds) / window) * window;
  }

  function signature(key: string, exp: number, downloadName: string) {
    return hmac(signingKey, `${key}\n${exp}\n${downloadName}`);
  }

  return {
    root,
    tempDir,

    tempPath(): string {
      return path.join(tempDir, `${crypto.randomUUID()}.part`);
    },

    /** The key of a variant stored beside a file (`…/<uuid>-thumb.webp` beside `…/<uuid>.jpg`). */
    variantKey(key: string, variant: string, ext: string): string {
      return key.replace(/\.[a-z0-9]{2,5}$/, `-${variant}.${ext}`);
    },

    newKey(companyId: string, ext: string, variant?: string): string {
      const id = uuidv7();
      const hash = crypto.createHash('sha1').update(id).digest('hex');
      return `${companyId}/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${id}${variant ? `-${variant}` : ''}.${ext}`;
    },

    /** Moves a finished temporary file into place (same filesystem: an atomic rename). */
    async commit(tempFile: string, key: string): Promise<void> {
      const target = absolute(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tempFile, target);
    },

    async writeBuffer(key: string, data: Buffer): Promise<void> {
      const tmp = path.join(tempDir, `${crypto.randomUUID()}.part`);
      await fsp.writeFile(tmp, data);
      await this.commit(tmp, key);
    },

    async beginPlacement(): Promise<Placement> {
      const note = path.join(tempDir, `${crypto.randomUUID()}${NOTE_SUFFIX}`);
      const keys: string[] = [];
      return {
        async add(key: string) {
          keys.push(key);
          // Appended, never rewritten: a crash mid-write can cut only the last line, whose file is not placed yet.
          await fsp.appendFile(note, `${key}\n`);
        },
        async end() {
          // A text-only chat message placed nothing: no note, no file-system call on its path.
          if (keys.length) await fsp.rm(note, { force: true });
        },
      };
    },

    /** The notes a crash left (start-up only): their keys, and a way to drop each note once handled. */
    async interruptedPlacements(): Promise<Array<{ keys: string[]; discard(): Promise<void> }>> {
      const notes = (await fsp.readdir(tempDir)).filter((name) => name.endsWith(NOTE_SUFFIX));
      return Promise.all(
        notes.map(async (name) => {
          const file = path.join(tempDir, name);
          const text = await fsp.readFile(file, 'utf8').catch(() => '');
          return { keys: text.split('\n').filter((k) => KEY_PATTERN.test(k)), discard: () => fsp.rm(file, { force: true }) };
        }),
      );
    },

    /** A stored file's bytes (a logo printed on a label). */
    read(key: string): Promise<Buffer> {
      return fsp.readFile(absolute(key));
    },

    async remove(key: string): Promise<void> {
      await fsp.rm(absolute(key), { force: true });
    },

    path: absolute,

    isValidKey(key: string): boolean {
      return KEY_PATTERN.test(key);
    },

    exists(key: string): boolean {
      return KEY_PATTERN.test(key) && fs.existsSync(absolute(key));
    },

    /** A relative URL the browser can use without a bearer token; the web client prefixes the server address. */
    signedUrl(key: string, { ttlSeconds, downloadName = '' }: SignedUrlOptions): string {
      const exp = expiry(ttlSeconds);
      const params = new URLSearchParams({ exp: String(exp), sig: signature(key, exp, downloadName) });
      if (downloadName) params.set('dl', downloadName);
      return `${FILES_ROUTE}/${key}?${params.toString()}`;
    },

    verifySignature(key: string, exp: number, sig: string, downloadName: string): 'ok' | 'expired' | 'invalid' {
      if (!KEY_PATTERN.test(key) || !Number.isFinite(exp)) return 'invalid';
      if (!safeEqual(sig, signature(key, exp, downloadName))) return 'invalid';
      return exp * 1000 < Date.now() ? 'expired' : 'ok';
    },

    /** A signature over any text (a zip of an entity's photos): the link works without a bearer token. */
    signSubject(subject: string, ttlSeconds: number): { exp: number; sig: string } {
      const exp = expiry(ttlSeconds);
      return { exp, sig: hmac(signingKey, `subject\n${subject}\n${exp}`) };
    },

    verifySubject(subject: string, exp: number, sig: string): 'ok' | 'expired' | 'invalid' {
      if (!Number.isFinite(exp) || !safeEqual(sig, hmac(signingKey, `subject\n${subject}\n${exp}`))) return 'invalid';
      return exp * 1000 < Date.now() ? 'expired' : 'ok';
    },

    /** Readiness (`/api/ready`): the uploads folder and its temporary folder can be written. */
    async check(): Promise<void> {
      await fsp.access(root, fs.constants.W_OK);
      await fsp.access(tempDir, fs.constants.W_OK);
    },

    /** Temporary files left by a crash mid-upload (QUALITY R7); placement notes are swept with their rows. */
    async sweepTemp(olderThanMs = 0): Promise<number> {
      let removed = 0;
      for (const name of await fsp.readdir(tempDir)) {
        if (name.endsWith(NOTE_SUFFIX)) continue;
        const file = path.join(tempDir, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs >= olderThanMs) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
