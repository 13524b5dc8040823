import {
  type PubblicoCondivisione,
  type PubblicoRispostaCreate,
  type CondivisioneLingua,
} from '@gestcava/contracts';
import { pesoBlocco } from '@gestcava/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { condivisioniAccessi, condivisioniRisposte } from '../../db/schema/condivisioni.js';
import { clienti, companies } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { condivisioniRepository as repo, type CondivisioneRow } from './condivisioni.repository.js';
import type { CondivisioniEvents } from './condivisioni.events.js';
import { rispostaNote } from './condivisioni.common.js';
import { browserOf, hashToken, truncateAddress } from './condivisioni.token.js';
import { blocchiCondivisi } from '../blocchi/blocchi.reads.js';
import { fotoDiBlocchi } from '../photos/photos.reads.js';

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

export interface Visitor {
  ip: string;
  userAgent: string | undefined;
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

  /** The blocks of a link as they are now, with `offerto` false for one sold or optioned to another meanwhile. */
  const blocksOf = (link: CondivisioneRow) =>
    blocchiCondivisi(db, link.companyId, link.clienteId, link.blocchi);

  const photosOf = (link: CondivisioneRow, bloccoIds: string[]) =>
    fotoDiBlocchi(db, link.companyId, bloccoIds);

  return {
    live,

    async view(
      token: string,
      visitor: Visitor,
      onUnknown: () => void,
      logoUrl: (key: string) => string,
    ): Promise<PubblicoCondivisione> {
      const link = await live(token, onUnknown);
      await db.insert(condivisioniAccessi).values({
        condivisioneId: link.id,
        indirizzo: truncateAddress(visitor.ip),
        browser: browserOf(visitor.userAgent),
      });
      const [[company], [cliente], rows, risposte] = await Promise.all([
        db.select().from(companies).where(eq(companies.id, link.companyId)),
        db.select().from(clienti).where(eq(clienti.id, link.clienteId)),
        blocksOf(link),
        db
          .select()
          .from(condivisioniRisposte)
          .where(eq(condivisioniRisposte.condivisioneId, link.id))
          .orderBy(asc(condivisioniRisposte.at)),
      ]);
      const offered = rows.filter((r) => r.offerto).map((r) => r.b.id);
      const foto = await photosOf(link, offered);
      const order = (id: string) => link.blocchi.indexOf(id);
      return {
        azienda: {
          nome: company!.name,
          logoUrl: company!.logoKey ? logoUrl(company!.logoKey) : null,
        },
        cliente: { ragioneSociale: cliente!.ragioneSociale },
        messaggio: link.messaggio,
        scadenza: link.scadenza,
        lingua: link.lingua,
        blocchi: rows
          .sort((a, b) => order(a.b.id) - order(b.b.id))
          .map(({ b, materiale, densita, offerto }) => ({
            _id: b.id,
            codice: b.codice,
            disponibile: offerto,
            materiale,
            scelta: b.scelta,
            categoria: b.categoria,
            misureLorde: { lunghezza: b.lunghezza, altezza: b.altezza, profondita: b.profondita },
            misureNette: {
              lunghezza: b.lunghezzaNetta,
              altezza: b.altezzaNetta,
              profondita: b.profonditaNetta,
            },
            volumeNetto: b.volumeNetto,
            peso: pesoBlocco({ pesoPesa: b.pesoPesa, volumeNettoM3: b.volumeNetto, densita }),
            difetti: b.difetti,
            noteDifetti: b.noteDifetti,
            foto: offerto
              ? foto
                  .filter((f) => f.entityId === b.id)
                  .map((f) => ({ _id: f.id, width: f.width, height: f.height, segni: f.segni }))
              : [],
            prezzo:
              link.mostraPrezzi && offerto && b.prezzoListino != null
                ? { importo: b.prezzoListino, unita: b.unitaPrezzo }
                : null,
          })),
        risposte: risposte.map((r) => ({
          bloccoId: r.bloccoId,
          risposta: r.risposta as PubblicoCondivisione['risposte'][number]['risposta'],
          at: r.at.toISOString(),
        })),
      };
    },

    /** A photo of a block the link still offers (404 for any other), for the photos service to serve. */
    async photoOf(
      token: string,
      photoId: string,
      onUnknown: () => void,
    ): Promise<{ companyId: string; id: string; previewKey: string }> {
      const link = await live(token, onUnknown);
      const offered = (await blocksOf(link)).filter((r) => r.offerto).map((r) => r.b.id);
      const found = (await photosOf(link, offered)).find((p) => p.id === photoId);
      if (!found) throw notFound('Foto non trovata / Photo not found');
      return { companyId: link.companyId, id: found.id, previewKey: found.previewKey };
    },

    /**
     * The buyer's answer: a row on the link (unread: the maker's notification, pushed to the maker's
     * tabs once committed) and a history row on the block. The link is read under a share lock, so a revocation committed first wins (410) and
     * one that comes after waits for the answer. A request for an option options nothing.
     */
    async answer(token: string, body: PubblicoRispostaCreate, onUnknown: () => void) {
      const { answer, makerId } = await db.transaction(async (tx) => {
        const link = await live(token, onUnknown, tx, true);
        if (!link.blocchi.includes(body.bloccoId))
          throw notFound('Blocco non trovato / Block not found');
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
      });
      if (makerId) events.rispostaRicevuta(makerId);
      return answer;
    },
  };
}
