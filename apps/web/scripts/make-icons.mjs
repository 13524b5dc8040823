#!/usr/bin/env node
// Draws the home-screen icons of the web app manifest (public/manifest.webmanifest) from the logo:
// `node apps/web/scripts/make-icons.mjs`, then commit the PNGs. The logo fills a square with a margin
// so that Android's round or squircle masks ("maskable") never cut the mountain.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#1e293b"/>
  <path d="M16 44 L27 22 L33.5 33 L38 27 L48 44 Z" fill="#e2e8f0"/>
  <path d="M27 22 L30.2 28.4 L23.8 28.4 Z" fill="#94a3b8"/>
</svg>`;

for (const size of [192, 512]) {
  await sharp(Buffer.from(LOGO), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `icon-${size}.png`));
}
