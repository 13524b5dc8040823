import { can, type PageKey, type PermissionSubject } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { ensureMateriale } from '../lookups/lookups.service.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';
import type * as repo from './trasferimenti.repository.js';

// What the moves of each kind of item share (trasferimenti.blocco.ts, .pacco.ts, .lotto.ts).

/** What every item of one transfer shares: both companies, the sender's cliente and fornitore records, the words. */
export interface TransferContext {
  actor: Actor;
  user: PermissionSubject;
  /** The receiving company. */
  D: string;
  headerId: string;
  clienteId: string;
  fornitoreId: string | null;
  ubicazioneId: string | null;
  documento: string | null;
  causale: string;
  received: string;
  destMeta: {
    companyId: string;
    userId: null;
    causale: string;
    documento: string | null;
  };
}

/** One line of the transfer, as stored. */
export type Riga = Parameters<typeof repo.insertRighe>[1][number];

/** The page whose write access moves each kind of item out of the company (docs/api.md "Shape of the API"). */
export const PAGE_OF = {
  interno: 'blocchi',
  esterno: 'blocchi-esterni',
  pacco: 'magazzino-lastre',
  lotto: 'magazzino-pavimenti',
} as const satisfies Record<string, PageKey>;

export function allowed(user: PermissionSubject, page: PageKey) {
  if (!can(user, page, 'write'))
    throw forbidden('Non hai il permesso di trasferire questi elementi');
}

/** The destination's materiale named as the source's (created there if missing). */
export async function materialeIn(
  { materiali }: Pick<TrasferimentiDeps, 'materiali'>,
  tx: DbOrTx,
  t: TransferContext,
  materialeId: string,
) {
  const m = await materiali.find(t.actor.companyId, materialeId, tx);
  if (!m) throw notFound('Materiale non trovato');
  return ensureMateriale(tx, t.D, {
    nome: m.nome,
    tipo: m.tipo,
    densita: m.densita,
  });
}

/** The receiver's history of the row it got: created by the system, the sender named in the note. */
export function recordReceived(
  tx: DbOrTx,
  t: TransferContext,
  entityType: 'pacco' | 'lotto',
  id: string,
) {
  return recordAudit(tx, {
    companyId: t.D,
    entityType,
    entityId: id,
    action: 'create',
    userId: null,
    note: t.received,
  });
}
