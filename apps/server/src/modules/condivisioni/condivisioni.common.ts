import type { RISPOSTE } from '@gestcava/contracts';
import { type Condivisione, type CondivisioneDetail, RISPOSTA_LABELS } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { condivisioni } from '../../db/schema/condivisioni.js';
import { notFound } from '../../lib/app-error.js';
import { condivisioniRepository as repo, type CondivisioneRow } from './condivisioni.repository.js';

// What the staff's operations on links and the public page share.

/** The history row of a buyer's answer on the block: who, what, and their note. */
export const rispostaNote = (
  cliente: string,
  risposta: (typeof RISPOSTE)[number],
  nota: string | null,
) => `${cliente} (link condiviso): ${RISPOSTA_LABELS[risposta]}${nota ? `: «${nota}»` : ''}`;

export const ENTITY_TYPE = 'condivisione';
export const NOT_FOUND = 'Link non trovato';
export type Stato = Condivisione['stato'];

export async function toDtos(
  db: DbOrTx,
  companyId: string,
  rows: Array<{ row: CondivisioneRow; stato: Stato }>,
) {
  const x = await repo.extras(
    db,
    companyId,
    rows.map((r) => r.row),
  );
  return rows.map(({ row, stato }): Condivisione => {
    const visite = x.visite.find((v) => v.id === row.id);
    const codice = (id: string) => x.blocchi.find((b) => b.id === id)?.codice ?? '';
    const user = x.users.find((u) => u.id === row.userId);
    return {
      _id: row.id,
      cliente: {
        _id: row.clienteId,
        ragioneSociale: x.clienti.find((c) => c.id === row.clienteId)?.ragioneSociale ?? '',
      },
      creataDa: user ? { _id: user.id, name: user.name } : null,
      blocchi: row.blocchi.map((id) => ({
        _id: id,
        codice: codice(id),
        stato: x.blocchi.find((b) => b.id === id)?.stato ?? '',
      })),
      scadenza: row.scadenza,
      lingua: row.lingua,
      mostraPrezzi: row.mostraPrezzi,
      messaggio: row.messaggio,
      stato,
      visite: visite?.n ?? 0,
      ultimaVisita: visite?.ultima ? new Date(visite.ultima).toISOString() : null,
      risposte: x.risposte
        .filter((r) => r.condivisioneId === row.id)
        .map((r) => ({
          _id: r.id,
          bloccoId: r.bloccoId,
          codice: codice(r.bloccoId),
          risposta: r.risposta as (typeof RISPOSTE)[number],
          nota: r.nota,
          at: r.at.toISOString(),
        })),
      revocataIl: row.revocataAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A link with its blocks, visits and answers. */
export async function detail(tx: DbOrTx, companyId: string, id: string) {
  const [found] = await repo.list(tx, companyId, eq(condivisioni.id, id));
  if (!found) throw notFound(NOT_FOUND);
  const [dto] = await toDtos(tx, companyId, [found]);
  const accessi = await repo.accessi(tx, id);
  return {
    ...dto!,
    accessi: accessi.map((a) => ({
      at: a.at.toISOString(),
      indirizzo: a.indirizzo,
      browser: a.browser,
    })),
  } satisfies CondivisioneDetail;
}
