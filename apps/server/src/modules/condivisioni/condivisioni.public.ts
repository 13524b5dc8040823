import {
  type PubblicoCondivisione,
  type PubblicoRispostaCreate,
  type CondivisioneLingua,
} from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { condivisioniRisposte } from '../../db/schema/condivisioni.js';
import { clienti } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { condivisioniRepository as repo, type CondivisioneRow } from './condivisioni.repository.js';
import type { CondivisioniEvents } from './condivisioni.events.js';
import { rispostaNote } from './condivisioni.common.js';
import { blocksOf, photosOf, viewOf, type Visitor } from './condivisioni.public-view.js';
import { hashToken } from './condivisioni.token.js';

export type CondivisioniPublic = ReturnType<typeof createCondivisioniPublic>;

/** The message of a link that no longer opens, in the link's language. */
const GONE: Record<CondivisioneLingua, Record<'scaduta' | 'revocata', string>> = {
  it: {
    scaduta: 'Questo link è scaduto: chiedi un nuovo link a chi te lo ha inviato',
    revocata: 'Questo link è stato ritirato da chi te lo ha inviato',
  },
  en: {
    scaduta: 'This link has expired: ask the sender for a new one',
    revocata: 'This link has been withdrawn by its sender',
  },
};
/** Unknown tokens get one answer in both languages: nothing tells which language a guess would have had. */
const UNKNOWN = 'Link non valido / Invalid link';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The buyer's answer on the live link, and its history row on the block. */
async function writeAnswer(tx: DbOrTx, link: CondivisioneRow, body: PubblicoRispostaCreate) {
  if (!link.blocchi.includes(body.bloccoId)) throw notFound('Blocco non trovato / Block not found');
  const [cliente] = await tx
    .select({ ragioneSociale: clienti.ragioneSociale })
    .from(clienti)
    .where(eq(clienti.id, link.clienteId));
  const [row] = await tx
    .insert(condivisioniRisposte)
    .values({
      condivisioneId: link.id,
      bloccoId: body.bloccoId,
      risposta: body.risposta,
      nota: body.nota ?? null,
    })
    .returning();
  await recordAudit(tx, {
    companyId: link.companyId,
    entityType: 'blocco',
    entityId: body.bloccoId,
    action: 'risposta_cliente',
    userId: null,
    note: rispostaNote(cliente!.ragioneSociale, body.risposta, body.nota ?? null),
  });
  return {
    makerId: link.userId,
    answer: {
      _id: row!.id,
      bloccoId: row!.bloccoId,
      risposta: body.risposta,
      at: row!.at.toISOString(),
    },
  };
}

/**
 * What a link's token opens, and nothing else (docs/condivisioni.md "Cosa vede il cliente"): the
 * named blocks' public fields, their photos, the answers. Every read starts from the token's hash.
 */
export function createCondivisioniPublic({ db, events }: { db: Db; events: CondivisioniEvents }) {
  /** The live link of a token: 404 unknown (`onUnknown` counts it), 410 revoked or expired. */
  async function live(
    token: string,
    onUnknown: () => void,
    tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0] = db,
    lock = false,
  ): Promise<CondivisioneRow> {
    const found = TOKEN_SHAPE.test(token)
      ? await repo.byHash(tx, hashToken(token), lock)
      : undefined;
    if (!found) {
      onUnknown();
      throw notFound(UNKNOWN);
    }
    if (found.stato !== 'attiva') throw new AppError('GONE', GONE[found.row.lingua][found.stato]);
    return found.row;
  }

  return {
    live,

    /** The link as its buyer sees it; each opening is a visit on the link. */
    async view(
      token: string,
      visitor: Visitor,
      onUnknown: () => void,
      logoUrl: (key: string) => string,
    ): Promise<PubblicoCondivisione> {
      const link = await live(token, onUnknown);
      return viewOf(db, link, visitor, logoUrl);
    },

    /** A photo of a block the link still offers (404 for any other), for the photos service to serve. */
    async photoOf(
      token: string,
      photoId: string,
      onUnknown: () => void,
    ): Promise<{ companyId: string; id: string; previewKey: string }> {
      const link = await live(token, onUnknown);
      const offered = (await blocksOf(db, link)).filter((r) => r.offerto).map((r) => r.b.id);
      const found = (await photosOf(db, link, offered)).find((p) => p.id === photoId);
      if (!found) throw notFound('Foto non trovata / Photo not found');
      return { companyId: link.companyId, id: found.id, previewKey: found.previewKey };
    },

    /**
     * The buyer's answer: a row on the link (unread: the maker's notification, pushed to the maker's
     * tabs once committed) and a history row on the block. The link is read under a share lock, so a revocation committed first wins (410) and
     * one that comes after waits for the answer. A request for an option options nothing.
     */
    async answer(token: string, body: PubblicoRispostaCreate, onUnknown: () => void) {
      const { answer, makerId } = await db.transaction(async (tx) =>
        writeAnswer(tx, await live(token, onUnknown, tx, true), body),
      );
      if (makerId) events.rispostaRicevuta(makerId);
      return answer;
    },
  };
}
