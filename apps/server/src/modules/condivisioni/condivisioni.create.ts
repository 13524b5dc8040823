import {
  CONDIVISIONE_MAX_GIORNI,
  type CondivisioneCreate,
  type CondivisioneCreated,
  condivisioneCreateSchema,
} from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { condivisioni } from '../../db/schema/condivisioni.js';
import { clienti } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAuditMany } from '../../lib/audit.js';
import { addDays, italianDate, todayInRome } from '../../lib/dates.js';
import { newToken } from './condivisioni.token.js';
import { companyScope } from '../../lib/company-table.js';

import { blocchiOffribili } from '../blocchi/blocchi.reads.js';
import { detail } from './condivisioni.common.js';

/** 400 unless the link ends between tomorrow and the longest period a link may last. */
function assertScadenza(scadenza: string) {
  const today = todayInRome();
  const last = addDays(today, CONDIVISIONE_MAX_GIORNI);
  if (scadenza <= today || scadenza > last)
    throw badRequest(
      `La scadenza deve essere tra domani e il ${italianDate(last)} (al massimo ${CONDIVISIONE_MAX_GIORNI} giorni)`,
      [{ path: 'scadenza', message: 'Scadenza fuori dai limiti' }],
    );
}

/** The company's cliente the link is for (400 when it is none). */
async function clienteOf(tx: DbOrTx, companyId: string, clienteId: string) {
  const [cliente] = await tx
    .select({ id: clienti.id, ragioneSociale: clienti.ragioneSociale })
    .from(clienti)
    .where(companyScope(clienti, companyId, eq(clienti.id, clienteId)));
  if (!cliente)
    throw badRequest('Cliente non valido', [{ path: 'clienteId', message: 'Cliente non valido' }]);
  return cliente;
}

/** 404 for a block the company does not have, 409 for one the cliente may not be offered. */
async function assertOffribili(
  tx: DbOrTx,
  companyId: string,
  cliente: { id: string; ragioneSociale: string },
  ids: string[],
) {
  const found = await blocchiOffribili(tx, companyId, cliente.id, ids);
  for (const b of ids) {
    const row = found.find((f) => f.id === b);
    if (!row) throw notFound(`Blocco non trovato: ${b}`);
    if (!row.offerto)
      throw conflict(
        `Il blocco ${row.codice} non è disponibile per ${cliente.ragioneSociale}: non si può condividere`,
      );
  }
}

/** The link's row, and its history on each block it names. */
async function insertLink(
  tx: DbOrTx,
  actor: Actor,
  cliente: { id: string; ragioneSociale: string },
  body: ReturnType<typeof condivisioneCreateSchema.parse>,
  ids: string[],
  hash: string,
) {
  const [inserted] = await tx
    .insert(condivisioni)
    .values({
      companyId: actor.companyId,
      clienteId: cliente.id,
      userId: actor.userId,
      tokenHash: hash,
      blocchi: ids,
      scadenza: body.scadenza,
      lingua: body.lingua,
      mostraPrezzi: body.mostraPrezzi,
      messaggio: body.messaggio,
    })
    .returning({ id: condivisioni.id });
  const note = `Condiviso con ${cliente.ragioneSociale} fino al ${italianDate(body.scadenza)}`;
  await recordAuditMany(
    tx,
    ids.map((b) => ({
      companyId: actor.companyId,
      entityType: 'blocco',
      entityId: b,
      action: 'condivisione',
      userId: actor.userId,
      note,
    })),
  );
  return inserted!.id;
}

/** A new link for a cliente to a set of blocks it may be offered, with its history on each block. */
export async function create(
  db: Db,
  actor: Actor,
  input: CondivisioneCreate,
  publicUrl: string,
): Promise<CondivisioneCreated> {
  const body = condivisioneCreateSchema.parse(input);
  assertScadenza(body.scadenza);
  const ids = [...new Set(body.blocchi)];
  const { token, hash } = newToken();
  const id = await db.transaction(async (tx) => {
    const cliente = await clienteOf(tx, actor.companyId, body.clienteId);
    await assertOffribili(tx, actor.companyId, cliente, ids);
    return insertLink(tx, actor, cliente, body, ids, hash);
  });
  const created = await detail(db, actor.companyId, id);
  return { ...created, url: `${publicUrl.replace(/\/+$/, '')}/v/${token}` };
}
