import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Db } from '../../db/client.js';
import { findCompanyRow } from '../../lib/companies.js';
import type { DocumentFile } from '../../lib/downloads.js';
import { pdfCompanyOf } from '../../lib/pdf-company.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { Storage } from '../../lib/storage.js';
import type { FatturaPdfInput } from './fatture.pdf.js';
import type { FattureService } from './fatture.service.js';
import * as repo from './fatture.repository.js';
import { fatturaXml } from './fatture.xml.js';

// The files of an invoice: its FatturaPA XML (named by `nomeFile`) and the period's ZIP for the
// accountant (docs/fatture.md "Il file XML").

export type FattureDocuments = ReturnType<typeof createFattureDocuments>;

/** Drawn in the document pool: pdfkit is CPU work (docs/architecture.md). */
const PDF_RENDERER = new URL('./fatture.pdf.ts', import.meta.url);

/** The emitted invoices' XML files of a period in one ZIP, streamed as each file is written. */
async function zipOf(
  db: Db,
  companyId: string,
  dal: string,
  al: string,
  xmlOf: (companyId: string, id: string) => Promise<{ nome: string; xml: string }>,
) {
  const rows = await repo.emesseDelPeriodo(db, companyId, dal, al);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    try {
      for (const row of rows) {
        const { nome, xml } = await xmlOf(companyId, row.id);
        archive.append(xml, { name: nome });
      }
      await archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  })();
  return {
    fileName: `fatture_${dal}_${al}.zip`,
    contentType: 'application/zip',
    body: archive as unknown as Readable,
  };
}

/** The issuer as the copia di cortesia prints it: the header's data, its IBAN, regime and REA. */
async function fatturaCompany(
  db: Db,
  storage: Storage,
  companyId: string,
): Promise<FatturaPdfInput['company']> {
  const { company, row } = await pdfCompanyOf(db, storage, companyId);
  const c = row!;
  return {
    ...company,
    iban: c.iban,
    regimeFiscale: c.regimeFiscale,
    rea: c.reaUfficio && c.reaNumero ? `REA ${c.reaUfficio}-${c.reaNumero}` : null,
  };
}

export function createFattureDocuments(deps: {
  db: Db;
  fatture: FattureService;
  storage: Storage;
  renderPool: RenderPool;
}) {
  const { db, fatture, storage, renderPool } = deps;

  async function xmlOf(companyId: string, id: string) {
    const f = await fatture.get(companyId, id);
    const company = (await findCompanyRow(db, companyId))!;
    const cliente = await repo.clienteOf(db, companyId, f.cliente._id);
    const xml = fatturaXml(f, company, { protocolloIntento: cliente?.dichiarazioneIntento });
    const nome = f.nomeFile ?? `bozza_${(f.numeroDocumento ?? f._id).replace(/\W+/g, '_')}.xml`;
    return { nome, xml };
  }

  return {
    xmlOf,
    async xml(companyId: string, id: string): Promise<DocumentFile> {
      const { nome, xml } = await xmlOf(companyId, id);
      return { body: Buffer.from(xml, 'utf8'), contentType: 'application/xml', fileName: nome };
    },

    /** The copia di cortesia (BOZZA across a draft), drawn in the document pool. */
    async pdf(companyId: string, id: string): Promise<DocumentFile> {
      const fattura = await fatture.get(companyId, id);
      const body = await renderPool.render<FatturaPdfInput>(PDF_RENDERER, {
        fattura,
        company: await fatturaCompany(db, storage, companyId),
      });
      const nome = fattura.numeroDocumento
        ? `fattura-${fattura.numeroDocumento.replace('/', '-')}`
        : `fattura-bozza-${fattura._id.slice(-8)}`;
      return { body, contentType: 'application/pdf', fileName: `${nome}.pdf` };
    },

    /** The emitted invoices' XML files of a period in one ZIP. */
    zip: (companyId: string, dal: string, al: string) => zipOf(db, companyId, dal, al, xmlOf),
  };
}
