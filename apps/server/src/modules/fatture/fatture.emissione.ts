import {
  numeroDdt,
  type Fattura,
  type FatturaEsito,
  type FatturaEsitoBody,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findCompanyRow, type CompanyRow } from '../../lib/companies.js';
import { italianDate, todayInRome } from '../../lib/dates.js';
import { pgErrorCode } from '../../lib/db-errors.js';
import { cessionarioOf } from './fatture.draft.js';
import { numeroFattura } from './fatture.mapper.js';
import { leggiNotifica } from './fatture.notifica.js';
import * as repo from './fatture.repository.js';
import { ddtDocsOf } from '../ddt/ddt.reads.js';

// Emission and the SDI's outcomes (docs/fatture.md "Numerazione" and "Esiti dello SDI").

/** Test seam: a fault run inside the emission after the number is taken, before the lines are marked. */
export interface EmissioneFaults {
  afterNumero?: () => Promise<void>;
}

const NOT_FOUND = 'Fattura non trovata';

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

export function createEmissione(deps: {
  db: Db;
  get: (companyId: string, id: string, tx?: DbOrTx) => Promise<Fattura>;
  faults?: EmissioneFaults;
}) {
  const { db, get } = deps;

  async function lock(tx: DbOrTx, companyId: string, id: string) {
    const row = await repo.rows.findForUpdate(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async function recordEsito(
    tx: DbOrTx,
    actor: Actor,
    row: repo.FatturaRow,
    body: FatturaEsitoBody,
    notifica?: { nome: string; xml: string },
  ) {
    if (row.stato !== 'emessa') throw conflict('Solo una fattura emessa riceve un esito dallo SDI');
    await repo.insertEsito(tx, {
      fatturaId: row.id,
      esito: body.esito,
      data: body.data,
      note: body.note,
      nomeFile: row.nomeFile,
      notificaNome: notifica?.nome ?? null,
      notificaXml: notifica?.xml ?? null,
      userId: actor.userId,
    });
    await repo.rows.update(tx, actor.companyId, row.id, { esito: body.esito });
    await recordAudit(tx, {
      companyId: actor.companyId,
      entityType: 'fattura',
      entityId: row.id,
      action: 'esito',
      userId: actor.userId,
      changes: { esito: { from: row.esito, to: body.esito } },
      note: [row.nomeFile, body.note].filter(Boolean).join(': '),
    });
  }

  return {
    /**
     * Numbers the draft and marks its DDT lines invoiced, all or nothing: the counter row is taken first
     * (so the company's emissions queue on it), then the register's order is checked, the lines marked
     * (a line already invoiced fails on its key) and the file named. A corrected invoice keeps its number.
     */
    async emetti(actor: Actor, id: string, at = new Date()): Promise<Fattura> {
      await db.transaction(async (tx) => {
        const row = await lock(tx, actor.companyId, id);
        if (row.stato !== 'bozza') throw conflict('La fattura è già emessa');
        const company = (await findCompanyRow(tx, actor.companyId))!;
        const cliente = await repo.clienteOf(tx, actor.companyId, row.clienteId);
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
        const righe = await repo.righeOf(tx, id);
        const ddtRigaIds = righe.flatMap((r) => (r.ddtRigaId ? [r.ddtRigaId] : []));
        const numeri = await ddtDocsOf(tx, actor.companyId, [
          ...new Set(righe.flatMap((r) => (r.ddtId ? [r.ddtId] : []))),
        ]);
        const ddtOf = (rigaId: string) => {
          const d = numeri.find((n) => n.id === righe.find((r) => r.ddtRigaId === rigaId)?.ddtId);
          return d ? `DDT ${numeroDdt(d.numero!, d.anno!)}` : 'DDT';
        };
        let { numero, anno } = row;
        if (numero == null) {
          anno = Number(row.data.slice(0, 4));
          numero = await repo.nextNumero(tx, actor.companyId, anno);
          const prima = await repo.precedente(tx, actor.companyId, anno, numero);
          if (prima && prima.data > row.data)
            throw conflict(
              `La data precede quella dell'ultima fattura emessa, ${numeroFattura(prima.numero!, anno)} del ${italianDate(prima.data)}: il registro è cronologico`,
            );
        }
        await deps.faults?.afterNumero?.();
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
          note: `Fattura ${numeroFattura(numero, anno!)}, file ${nomeFile}`,
        });
      });
      return get(actor.companyId, id);
    },

    async esito(actor: Actor, id: string, body: FatturaEsitoBody): Promise<Fattura> {
      await db.transaction(async (tx) => {
        await recordEsito(tx, actor, await lock(tx, actor.companyId, id), body);
      });
      return get(actor.companyId, id);
    },

    /** The SDI's notification file: it must name this invoice's file. */
    async notifica(
      actor: Actor,
      id: string,
      file: { nome: string; xml: string },
    ): Promise<Fattura> {
      const letta = leggiNotifica(file.xml);
      await db.transaction(async (tx) => {
        const row = await lock(tx, actor.companyId, id);
        if (letta.nomeFile !== row.nomeFile)
          throw badRequest(
            `La notifica riguarda il file ${letta.nomeFile}, non ${row.nomeFile ?? 'questa fattura'}`,
          );
        await recordEsito(
          tx,
          actor,
          row,
          { esito: letta.esito, data: letta.data ?? todayInRome(), note: letta.note },
          file,
        );
      });
      return get(actor.companyId, id);
    },

    /** A scartata invoice back to draft with its number and date; it is emitted again under a new file name. */
    async correggi(actor: Actor, id: string): Promise<Fattura> {
      await db.transaction(async (tx) => {
        const row = await lock(tx, actor.companyId, id);
        if (row.stato !== 'emessa' || (row.esito as FatturaEsito | null) !== 'scartata')
          throw conflict('Si corregge solo una fattura scartata dallo SDI');
        await repo.smarcaRigheDdt(tx, id);
        await repo.rows.update(tx, actor.companyId, id, { stato: 'bozza', esito: null });
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'fattura',
          entityId: id,
          action: 'stato',
          userId: actor.userId,
          changes: { stato: { from: 'emessa', to: 'bozza' } },
          note: `Correzione dopo lo scarto del file ${row.nomeFile}`,
        });
      });
      return get(actor.companyId, id);
    },
  };
}
