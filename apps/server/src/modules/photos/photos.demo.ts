import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import type { Segno } from '@gestcava/contracts';
import { companies, users } from '../../db/schema/index.js';
import { ultimeBancate } from '../bancate/bancate.reads.js';
import { ultimiBlocchiInterni } from '../blocchi/blocchi-demo.reads.js';
import * as repo from './photos.repository.js';
import type { PhotosService } from './photos.service.js';

const BLOCCHI = 36;
const BANCATE = 10;

/** Base colour and vein colour of each demo material, roughly as the stone looks in the yard. */
const TINTS: Record<string, [string, string]> = {
  'Bianco Carrara': ['#e6e4df', '#8d9096'],
  Statuario: ['#f3f1ec', '#6f7277'],
  Calacatta: ['#f1ece2', '#a88f62'],
  Arabescato: ['#eeece8', '#55585e'],
  Bardiglio: ['#9aa0a8', '#4d535c'],
  Cremo: ['#ece2cf', '#b49b74'],
};

/**
 * Defects the yard marked on the first demo blocks' photos (docs/photos.md, "Segni sui difetti"):
 * a hairline crack across the face, a stain, a broken corner.
 */
const DEMO_SEGNI: Segno[][] = [
  [
    {
      tipo: 'linea',
      punti: [
        [0.18, 0.22],
        [0.34, 0.3],
        [0.52, 0.35],
        [0.71, 0.46],
      ],
      difetto: 'pelo',
      lunghezzaCm: 40,
      nota: 'Faccia A, passante',
    },
    {
      tipo: 'area',
      punti: [
        [0.72, 0.62],
        [0.84, 0.6],
        [0.88, 0.72],
        [0.76, 0.76],
      ],
      difetto: 'macchia',
      nota: 'Macchia gialla, si toglie in lucidatura',
    },
  ],
  [
    {
      tipo: 'linea',
      punti: [
        [0.4, 0.1],
        [0.46, 0.38],
        [0.44, 0.62],
      ],
      difetto: 'pelo',
      lunghezzaCm: 65,
    },
  ],
  [
    {
      tipo: 'area',
      punti: [
        [0.3, 0.3],
        [0.45, 0.28],
        [0.5, 0.42],
        [0.33, 0.45],
      ],
      difetto: 'macchia',
    },
    { tipo: 'punto', punti: [[0.9, 0.12]], difetto: 'spigolo' },
  ],
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A marble-like slab face (turbulence veins) with the item's code written on it, as a JPEG. */
export function marbleJpeg(codice: string, materiale: string, seed: number): Promise<Buffer> {
  const [base, vein] = TINTS[materiale] ?? TINTS['Bianco Carrara']!;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(vein.slice(i, i + 2), 16) / 255);
  // `turbulence` is near zero along thin ridges: alpha = 1 - 5 × noise draws them as veins.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="750">
  <filter id="veins" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="turbulence" baseFrequency="0.0022 0.0085" numOctaves="4" seed="${seed}"/>
    <feColorMatrix type="matrix" values="0 0 0 0 ${r}  0 0 0 0 ${g}  0 0 0 0 ${b}  -5 0 0 0 1"/>
  </filter>
  <rect width="1000" height="750" fill="${base}"/>
  <rect width="1000" height="750" filter="url(#veins)" opacity="0.8"/>
  <rect x="36" y="636" width="${100 + codice.length * 36}" height="82" rx="10" fill="#ffffff" fill-opacity="0.82"/>
  <text x="60" y="695" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="54" fill="#222">${escapeXml(codice)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** The latest blocks quarried here and bancate of the company, each with the caption of its photo. */
async function demoItems(db: Db, companyId: string) {
  return [
    ...(await ultimiBlocchiInterni(db, companyId, BLOCCHI)).map((b) => ({
      ...b,
      entityType: 'blocco',
      description: 'Blocco in piazzale',
    })),
    ...(await ultimeBancate(db, companyId, BANCATE)).map((b) => ({
      ...b,
      entityType: 'bancata',
      description: 'Fronte di taglio',
    })),
  ];
}

/**
 * Demo photos for the demo quarry (the company named `companyName`), made after the server listens so start-up stays fast: a few
 * dozen recent blocchi and bancate get a picture each. Runs only while the photo table is empty
 * and stops when the server closes.
 */
export async function seedDemoPhotos({
  db,
  photos,
  companyName,
  log,
  signal,
}: {
  db: Db;
  photos: PhotosService;
  companyName: string;
  log: FastifyBaseLogger;
  signal: AbortSignal;
}) {
  if ((await repo.countAll(db)) > 0) return;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, companyName));
  if (!company) return;
  const items = await demoItems(db, company.id);
  const [marker] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'produzione@cava.example'));
  const started = Date.now();
  let made = 0;
  for (const [i, item] of items.entries()) {
    if (signal.aborted) return;
    const jpeg = await marbleJpeg(item.codice, item.materiale, i + 1);
    if (signal.aborted) return;
    const [photo] = await photos.importBuffer(
      company.id,
      { entityType: item.entityType, entityId: item.id },
      jpeg,
      `${item.codice}.jpg`,
      item.description,
    );
    const segni = DEMO_SEGNI[i];
    if (photo && segni) await photos.saveSegniAs(company.id, photo.id, segni, marker?.id ?? null);
    made++;
  }
  log.info({ photos: made, ms: Date.now() - started }, 'foto dimostrative create');
}
