import type { DbOrTx } from '../db/client.js';
import { findCompanyRow, type CompanyRow } from './companies.js';
import type { PdfCompany } from './pdf.js';
import type { Storage } from './storage.js';

/**
 * The company as a document's header prints it (name, tax ids, address, contacts, logo), and its row
 * for what a document adds of its own (an invoice's IBAN and REA). A logo that cannot be read is left out.
 */
export async function pdfCompanyOf(
  db: DbOrTx,
  storage: Storage,
  companyId: string,
): Promise<{ company: PdfCompany; row: CompanyRow | undefined }> {
  const c = await findCompanyRow(db, companyId);
  const logo = c?.logoKey ? await storage.read(c.logoKey).catch(() => null) : null;
  const company: PdfCompany = {
    name: c?.name ?? '',
    partitaIva: c?.partitaIva ?? null,
    codiceFiscale: c?.codiceFiscale ?? null,
    indirizzo: c?.indirizzo ?? null,
    cap: c?.cap ?? null,
    comune: c?.comune ?? null,
    provincia: c?.provincia ?? null,
    telefono: c?.telefono ?? null,
    email: c?.email ?? null,
    pec: c?.pec ?? null,
    logo,
  };
  return { company, row: c };
}
