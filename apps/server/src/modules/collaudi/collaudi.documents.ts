import type { VerbaleLingua } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth/sessions.js';
import { pdfCompanyOf } from '../../lib/pdf-company.js';
import type { RenderPool } from '../../lib/render-pool.js';
import { drawSegni } from '../../lib/segni-image.js';
import type { SessionLinks, SignedDocument, SignedLinkQuery } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { CollaudiService } from './collaudi.service.js';
import { thumbnailsForVerbale } from '../photos/photos.reads.js';
import type { VerbaleInput, VerbalePhotos } from './collaudi.verbale.js';

/** Thumbnails per block in the verbale: enough to show the block, few enough to keep the PDF small. */
const PHOTOS_PER_BLOCK = 3;
/** The verbale's signed link: read under collaudi, for five minutes. */
const VERBALE: SignedDocument = { kind: 'verbale', page: 'collaudi', ttlSeconds: 300 };
/** Drawn in the document pool: pdfkit and the photos' thumbnails are CPU work. */
const RENDERER = new URL('./collaudi.verbale.ts', import.meta.url);

/** Up to `PHOTOS_PER_BLOCK` thumbnails per block, each with the defects marked on it drawn in. */
async function verbalePhotos(
  db: Db,
  storage: Storage,
  companyId: string,
  collaudoId: string,
  righe: ReadonlyArray<{ bloccoId: string }>,
): Promise<VerbalePhotos> {
  const photos: VerbalePhotos = new Map();
  const keys = await thumbnailsForVerbale(
    db,
    companyId,
    collaudoId,
    righe.map((r) => r.bloccoId),
  );
  for (const { bloccoId, key, segni } of keys) {
    const list = photos.get(bloccoId) ?? [];
    if (list.length >= PHOTOS_PER_BLOCK) continue;
    const stored = await storage.read(key).catch(() => null);
    // the defects marked on it drawn in, as the photo viewer shows them (docs/photos.md, "Segni sui difetti")
    const bytes =
      stored && segni.length > 0 ? await drawSegni(stored, segni).catch(() => stored) : stored;
    if (bytes) photos.set(bloccoId, [...list, bytes]);
  }
  return photos;
}

/** The cliente as the verbale prints it. */
function verbaleClienteOf(
  cliente: Awaited<ReturnType<AnagraficaService['get']>>,
): VerbaleInput['cliente'] {
  return {
    ragioneSociale: cliente.ragioneSociale,
    partitaIva: cliente.partitaIva ?? null,
    indirizzo: cliente.indirizzo ?? null,
    cap: cliente.cap ?? null,
    comune: cliente.comune ?? null,
    provincia: cliente.provincia ?? null,
    nazione: cliente.nazione ?? null,
  };
}

export type CollaudiDocuments = ReturnType<typeof createCollaudiDocuments>;

/** The verbale di collaudo: its PDF (company, cliente, rows, photos) and the signed link that downloads it. */
export function createCollaudiDocuments(deps: {
  db: Db;
  collaudi: CollaudiService;
  clienti: AnagraficaService;
  storage: Storage;
  renderPool: RenderPool;
  links: SessionLinks;
}) {
  const { db, collaudi, clienti, storage, renderPool, links } = deps;
  const get = collaudi.get;

  return {
    /** A link the browser can open without a bearer token (a tablet saves the PDF like any file), while this session lives. */
    async verbaleLink(
      auth: AuthContext & { companyId: string },
      id: string,
      lingua: VerbaleLingua,
    ): Promise<{ url: string }> {
      await get(auth.companyId, id);
      return {
        url: links.documentUrl(VERBALE, auth, id, `/api/collaudi/${id}/verbale`, { lingua }),
      };
    },

    /** The company the verbale is read for: a valid signed link's, or the bearer's (lib/session-links.ts). */
    verbaleCompany: (
      id: string,
      query: SignedLinkQuery,
      bearer: () => AuthContext & { companyId: string },
    ) => links.documentCompany(VERBALE, id, query, bearer),

    async verbale(
      companyId: string,
      id: string,
      lingua: VerbaleLingua,
    ): Promise<{ pdf: Buffer; filename: string }> {
      const collaudo = await get(companyId, id);
      const { company } = await pdfCompanyOf(db, storage, companyId);
      const cliente = await clienti.get(companyId, collaudo.cliente._id);
      const photos = await verbalePhotos(db, storage, companyId, id, collaudo.righe);
      const pdf = await renderPool.render<VerbaleInput>(RENDERER, {
        collaudo,
        company,
        cliente: verbaleClienteOf(cliente),
        photos,
        lingua,
      });
      return {
        pdf,
        filename:
          lingua === 'en'
            ? `inspection-report-${collaudo.codice}.pdf`
            : `verbale-${collaudo.codice}.pdf`,
      };
    },
  };
}
