import {
  numeroDdt,
  pesoKgSuperficie,
  type Ddt,
  type DdtDocumentoLinkQuery,
  type PackingListQuery,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { pdfCompanyOf } from '../../lib/pdf-company.js';
import type { AuthContext } from '../../lib/auth/sessions.js';
import type { DocumentFile } from '../../lib/downloads.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { SessionLinks, SignedDocument, SignedLinkQuery } from '../../lib/session-links.js';
import type { Storage } from '../../lib/storage.js';
import type { DdtPdfInput } from './ddt.pdf.js';
import type { PackingInput, PackingLastra } from './ddt.packing.js';
import * as repo from './ddt.repository.js';
import { lastrePacking } from '../magazzino/stock.reads.js';
import type { DdtService } from './ddt.service.js';

/** Drawn in the document pool: pdfkit is CPU work (docs/architecture.md). */
const DDT_RENDERER = new URL('./ddt.pdf.ts', import.meta.url);
const PACKING_RENDERER = new URL('./ddt.packing.ts', import.meta.url);
/** The workbook too: thousands of rows zipped are tens of milliseconds of CPU (docs/performance.md). */
const PACKING_XLSX_RENDERER = new URL('./ddt.packing-xlsx.ts', import.meta.url);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type DdtDocuments = ReturnType<typeof createDdtDocuments>;

/** The DDT's signed links (the browser's downloads): read under spedizioni, for five minutes. */
const DDT_LINK: SignedDocument = { kind: 'ddt', page: 'spedizioni', ttlSeconds: 300 };

const fileName = (
  prefix: string,
  d: { numero: number | null; anno: number | null; _id: string },
  ext: string,
) =>
  `${prefix}-${d.numero != null && d.anno != null ? numeroDdt(d.numero, d.anno).replace('/', '-') : `bozza-${d._id.slice(-8)}`}.${ext}`;

/** Each bundle's or slab line's slabs with their weight: those it shipped, or while a draft those sold to the cliente now. */
async function packingLastre(db: Db, companyId: string, ddt: Ddt) {
  const lastre: Record<string, PackingLastra[]> = {};
  const stored = await repo.righeOf(db, ddt._id);
  for (const r of stored) {
    if (r.entityType !== 'pacco' && r.entityType !== 'lastra') continue;
    const which =
      ddt.stato === 'bozza'
        ? r.entityType === 'pacco'
          ? { paccoId: r.entityId, clienteId: ddt.cliente!._id }
          : { ids: [r.entityId] }
        : { ids: r.lastraIds };
    lastre[r.id] = (await lastrePacking(db, companyId, which)).map(({ densita, ...l }) => ({
      ...l,
      pesoKg: pesoKgSuperficie(l.mq, l.spessoreMm, densita),
    }));
  }
  return lastre;
}

/** The packing list drawn in the pool, as a PDF or a workbook. */
async function renderPacking(
  renderPool: RenderPool,
  input: PackingInput,
  formato: PackingListQuery['formato'],
): Promise<DocumentFile> {
  const name = input.lingua === 'en' ? 'packing-list' : 'packing-list-it';
  if (formato === 'pdf') {
    return {
      body: await renderPool.render<PackingInput>(PACKING_RENDERER, input),
      contentType: 'application/pdf',
      fileName: fileName(name, input.ddt, 'pdf'),
    };
  }
  return {
    body: await renderPool.render<PackingInput>(PACKING_XLSX_RENDERER, input),
    contentType: XLSX,
    fileName: fileName(name, input.ddt, 'xlsx'),
  };
}

/** The signed URL of the PDF or of the packing list; format and language stay outside the signature. */
function documentoUrl(
  links: SessionLinks,
  auth: AuthContext & { companyId: string },
  id: string,
  query: DdtDocumentoLinkQuery,
): string {
  const base = `/api/ddt/${id}`;
  // any format or language is the same DDT the session may read
  if (query.tipo === 'ddt') return links.documentUrl(DDT_LINK, auth, id, `${base}/pdf`);
  return links.documentUrl(DDT_LINK, auth, id, `${base}/packing-list`, {
    formato: query.formato,
    lingua: query.lingua,
  });
}

/** The DDT's PDF and its packing list (PDF or XLSX, Italian or English): the data read here, drawn in the pool. */
export function createDdtDocuments(deps: {
  db: Db;
  ddt: DdtService;
  storage: Storage;
  renderPool: RenderPool;
  links: SessionLinks;
}) {
  const { db, ddt: service, storage, renderPool, links } = deps;

  const company = async (companyId: string) => (await pdfCompanyOf(db, storage, companyId)).company;

  return {
    /** A link the browser opens without a bearer token (the PDF or the packing list), while this session lives. */
    async documentoLink(
      auth: AuthContext & { companyId: string },
      id: string,
      query: DdtDocumentoLinkQuery,
    ): Promise<{ url: string }> {
      await service.get(auth.companyId, id);
      return { url: documentoUrl(links, auth, id, query) };
    },

    /** The company a download serves: a valid signed link's, or the bearer's (lib/session-links.ts). */
    companyOf: (
      id: string,
      query: SignedLinkQuery,
      bearer: () => AuthContext & { companyId: string },
    ) => links.documentCompany(DDT_LINK, id, query, bearer),

    async pdf(companyId: string, id: string): Promise<DocumentFile> {
      const ddt = await service.get(companyId, id);
      const body = await renderPool.render<DdtPdfInput>(DDT_RENDERER, {
        ddt,
        company: await company(companyId),
      });
      return { body, contentType: 'application/pdf', fileName: fileName('ddt', ddt, 'pdf') };
    },

    async packingList(
      companyId: string,
      id: string,
      query: PackingListQuery,
    ): Promise<DocumentFile> {
      const ddt = await service.get(companyId, id);
      const lastre = await packingLastre(db, companyId, ddt);
      const input: PackingInput = {
        ddt,
        company: await company(companyId),
        lingua: query.lingua,
        lastre,
      };
      return renderPacking(renderPool, input, query.formato);
    },
  };
}
