import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { onBuilt } from './on-built.ts';

/** Text files worth compressing; fonts in woff2, images and archives are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|ttf|eot)$/;
/** Below this the encoding headers cost about what compression saves. */
const MIN_BYTES = 512;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, once, at the strongest
 * level: the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * each response.
 */
export function precompress(): Plugin {
  return onBuilt('gestcava-precompress', 'pre', (outDir) => {
    for (const file of filesUnder(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const data = fs.readFileSync(file);
      if (data.length < MIN_BYTES) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      );
      fs.writeFileSync(
        `${file}.gz`,
        zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      );
    }
  });
}
