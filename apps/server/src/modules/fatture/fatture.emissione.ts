import { numeroDdt, type Fattura } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findCompanyRow, type CompanyRow } from '../../lib/companies.js';
import { italianDate } from '../../lib/dates.js';
import { pgErrorCode } from '../../lib/db-errors.js';
import { ddtDocsOf } from '../ddt/ddt.reads.js';
import { NOT_FOUND, type FattureCore, type FattureDeps } from './fatture.core.js';
import { cessionarioOf } from './fatture.draft.js';
import { numeroFattura } from './fatture.mapper.js';
import * as repo from './fatture.repository.js';

// Emission (docs/fatture.md "Numerazione"); the SDI's outcomes are in fatture.esiti.ts.

/** Test seam: a fault run inside the emission after the number is taken, before the lines are marked. */
export interface EmissioneFaults {
  afterNumero?: () => Promise<void>;
}

/** What an emission needs of the issuer: partita IVA, sede, regime (400 naming what is missing). */
export function missingDitta(c: CompanyRow): string[] {
  const out: string[] = [];
  if (!c.partitaIva) out.push('partita IVA');
  if (!c.indirizzo) out.push('indirizzo');
  if (!c.cap) out.push('CAP');
  if (!c.comune) out.push('comune');
  if (c.nazione === 'IT' && !c.provincia) out.push('provincia');
  if (!c.regimeFiscale) out.push('regime fiscale');
  return out;
}

function missingCliente(c: repo.FatturaRow['cessionario']): string[] {
  const out: string[] = [];
  // a foreign cliente may have no identifier the SDI knows (docs/fatture.md "Il file XML")
  if (c.nazione === 'IT' && !c.partitaIva && !c.codiceFiscale)
    out.push('partita IVA o codice fiscale');
  if (!c.indirizzo) out.push('indirizzo');
  if (!c.comune) out.push('comune');
  if (c.nazione === 'IT' && !c.cap) out.push('CAP');
  if (c.nazione === 'IT' && !c.provincia) out.push('provincia');
  return out;
}

/** `IT<partita IVA>_<5 characters>.xml`: the company's file progressive in base 36. */
export function nomeFileOf(company: CompanyRow, progressivo: number): string {
  const piva = (company.partitaIva ?? '').replace(/^IT/i, '');
  return `${company.nazione}${piva}_${progressivo.toString(36).toUpperCase().padStart(5, '0')}.xml`;
}

/** The invoice locked for a change of state; 404 when the company has none. */
export async function lockFattura(tx: DbOrTx, companyId: string, id: string) {
  const row = await repo.rows.findForUpdate(tx, companyId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The issuer and the receiver as the file will name them; 400 naming what either lacks. */
async function parti(tx: DbOrTx, companyId: string, row: repo.FatturaRow) {
  const company = (await findCompanyRow(tx, companyId))!;
  const cliente = await repo.clienteOf(tx, companyId, row.clienteId);
  const cessionario = cliente ? cessionarioOf(cliente) : row.cessionario;
  const ditta = missingDitta(company);
  if (ditta.length)
    throw badRequest(
      `Dati fiscali della ditta mancanti: ${ditta.join(', ')} (Impostazioni → Ditte del gruppo)`,
    );
  const mancano = missingCliente(cessionario);
  if (mancano.length)
    throw badRequest(
      `Dati del cliente ${cessionario.ragioneSociale} mancanti: ${mancano.join(', ')}`,
    );
  return { company, cessionario };
}

/** The invoice's number and year: a corrected invoice keeps its own, a new one takes the next of its year. */
async function numeroOf(tx: DbOrTx, companyId: string, row: repo.FatturaRow) {
  if (row.numero != null) return { numero: row.numero, anno: row.anno! };
  const anno = Number(row.data.slice(0, 4));
  const numero = await repo.nextNumero(tx, companyId, anno);
  const prima = await repo.precedente(tx, companyId, anno, numero);
  if (prima && prima.data > row.data)
    throw conflict(
      `La data precede quella dell'ultima fattura emessa, ${numeroFattura(prima.numero!, anno)} del ${italianDate(prima.data)}: il registro è cronologico`,
    );
  return { numero, anno };
}

/** Marks the invoice's DDT lines invoiced; 409 naming the DDT when one already is. */
async function marcaRighe(
  tx: DbOrTx,
  companyId: string,
  id: string,
  righe: repo.RigaRow[],
  faults: FattureDeps['faults'],
) {
  const ddtRigaIds = righe.flatMap((r) => (r.ddtRigaId ? [r.ddtRigaId] : []));
  const numeri = await ddtDocsOf(tx, companyId, [
    ...new Set(righe.flatMap((r) => (r.ddtId ? [r.ddtId] : []))),
  ]);
  const ddtOf = (rigaId: string) => {
    const d = numeri.find((n) => n.id === righe.find((r) => r.ddtRigaId === rigaId)?.ddtId);
    return d ? `DDT ${numeroDdt(d.numero!, d.anno!)}` : 'DDT';
  };
  await faults?.afterNumero?.();
  const gia = await repo.giaFatturate(tx, ddtRigaIds);
  if (gia.length) throw conflict(`Il ${ddtOf(gia[0]!.ddtRigaId)} è già fatturato`);
  try {
    await repo.marcaRigheDdt(tx, id, ddtRigaIds);
  } catch (error) {
    // another invoice marked a line meanwhile: its transaction committed first
    if (pgErrorCode(error) === '23505')
      throw conflict(`Il ${ddtOf(ddtRigaIds[0]!)} è già fatturato`);
    throw error;
  }
}

export function createEmissione({ db, faults }: FattureDeps, { get }: FattureCore) {
  return {
    /**
     * Numbers the draft and marks its DDT lines invoiced, all or nothing: the counter row is taken first
     * (so the company's emissions queue on it), then the register's order is checked, the lines marked
     * (a line already invoiced fails on its key) and the file named. A corrected invoice keeps its number.
     */
    async emetti(actor: Actor, id: string, at = new Date()): Promise<Fattura> {
      await db.transaction(async (tx) => {
        const row = await lockFattura(tx, actor.companyId, id);
        if (row.stato !== 'bozza') throw conflict('La fattura è già emessa');
        const { company, cessionario } = await parti(tx, actor.companyId, row);
        const righe = await repo.righeOf(tx, id);
        const { numero, anno } = await numeroOf(tx, actor.companyId, row);
        await marcaRighe(tx, actor.companyId, id, righe, faults);
        const nomeFile = nomeFileOf(company, await repo.nextNumero(tx, actor.companyId, 0));
        await repo.rows.update(tx, actor.companyId, id, {
          stato: 'emessa',
          numero,
          anno,
          nomeFile,
          cessionario,
          esito: null,
          emessaAt: at,
        });
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'fattura',
          entityId: id,
          action: 'stato',
          userId: actor.userId,
          changes: { stato: { from: 'bozza', to: 'emessa' } },
          note: `Fattura ${numeroFattura(numero, anno)}, file ${nomeFile}`,
        });
      });
      return get(actor.companyId, id);
    },
  };
}
