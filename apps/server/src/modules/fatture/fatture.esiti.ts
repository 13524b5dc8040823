import type { Fattura, FatturaEsito, FatturaEsitoBody } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { todayInRome } from '../../lib/dates.js';
import type { FattureCore, FattureDeps } from './fatture.core.js';
import { lockFattura } from './fatture.emissione.js';
import { leggiNotifica } from './fatture.notifica.js';
import * as repo from './fatture.repository.js';

// The SDI's outcomes of an emitted invoice, and the correction of one it rejected (docs/fatture.md
// "Esiti dello SDI").

/** An outcome stored with the invoice's file name, and the invoice's `esito` set to it. */
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

/** Back to draft in the transaction, its DDT lines freed until it is emitted again. */
async function correggiIn(tx: DbOrTx, actor: Actor, id: string) {
  const row = await lockFattura(tx, actor.companyId, id);
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
}

export function createEsiti({ db }: FattureDeps, { get }: FattureCore) {
  return {
    async esito(actor: Actor, id: string, body: FatturaEsitoBody): Promise<Fattura> {
      await db.transaction(async (tx) => {
        await recordEsito(tx, actor, await lockFattura(tx, actor.companyId, id), body);
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
        const row = await lockFattura(tx, actor.companyId, id);
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
      await db.transaction((tx) => correggiIn(tx, actor, id));
      return get(actor.companyId, id);
    },
  };
}
