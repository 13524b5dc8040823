import type { RISPOSTE } from '@gestcava/contracts';
import {
  CONDIVISIONE_MAX_GIORNI,
  type Condivisione,
  type CondivisioneCreate,
  type CondivisioneCreated,
  type CondivisioneDetail,
  condivisioneCreateSchema,
  RISPOSTA_LABELS,
} from '@gestcava/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  condivisioni,
  condivisioniAccessi,
  condivisioniRisposte,
} from '../../db/schema/condivisioni.js';
import { blocchi, clienti } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordAuditMany } from '../../lib/audit.js';
import { statoEffettivoOf } from '../../lib/blocco-stato.js';
import { addDays, italianDate, todayInRome } from '../../lib/dates.js';
import { condivisioniRepository as repo, type CondivisioneRow } from './condivisioni.repository.js';
import { newToken } from './condivisioni.token.js';
import { companyScope } from '../../lib/company-table.js';

export type CondivisioniService = ReturnType<typeof createCondivisioniService>;

/** The history row of a buyer's answer on the block: who, what, and their note. */
export const rispostaNote = (
  cliente: string,
  risposta: (typeof RISPOSTE)[number],
  nota: string | null,
) => `${cliente} (link condiviso): ${RISPOSTA_LABELS[risposta]}${nota ? `: «${nota}»` : ''}`;

export const ENTITY_TYPE = 'condivisione';
const NOT_FOUND = 'Link non trovato';
type Stato = Condivisione['stato'];

/**
 * A block may be offered to a cliente while it is `disponibile` (a lapsed option counts so), or
 * optioned or in collaudo for that same cliente (docs/condivisioni.md "Quali blocchi").
 */
export const offertoSql = (clienteId: string) =>
  sql<boolean>`(${statoEffettivoOf(blocchi)} = 'disponibile' or (${statoEffettivoOf(blocchi)} in ('opzionato', 'in_collaudo') and ${blocchi.clienteId} = ${clienteId}))`;

async function toDtos(db: DbOrTx, rows: Array<{ row: CondivisioneRow; stato: Stato }>) {
  const x = await repo.extras(
    db,
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

/** The staff's side of the links: make, list, read, withdraw (docs/condivisioni.md). */
export function createCondivisioniService({ db }: { db: Db }) {
  async function detail(companyId: string, id: string, tx: DbOrTx = db) {
    const [found] = await repo.list(tx, companyId, eq(condivisioni.id, id));
    if (!found) throw notFound(NOT_FOUND);
    const [dto] = await toDtos(tx, [found]);
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

  return {
    detail,

    async create(
      actor: Actor,
      input: CondivisioneCreate,
      publicUrl: string,
    ): Promise<CondivisioneCreated> {
      const body = condivisioneCreateSchema.parse(input);
      const today = todayInRome();
      const last = addDays(today, CONDIVISIONE_MAX_GIORNI);
      if (body.scadenza <= today || body.scadenza > last)
        throw badRequest(
          `La scadenza deve essere tra domani e il ${italianDate(last)} (al massimo ${CONDIVISIONE_MAX_GIORNI} giorni)`,
          [{ path: 'scadenza', message: 'Scadenza fuori dai limiti' }],
        );
      const ids = [...new Set(body.blocchi)];
      const { token, hash } = newToken();
      const id = await db.transaction(async (tx) => {
        const [cliente] = await tx
          .select({ id: clienti.id, ragioneSociale: clienti.ragioneSociale })
          .from(clienti)
          .where(companyScope(clienti, actor.companyId, eq(clienti.id, body.clienteId)));
        if (!cliente)
          throw badRequest('Cliente non valido', [
            { path: 'clienteId', message: 'Cliente non valido' },
          ]);
        const found = await tx
          .select({ id: blocchi.id, codice: blocchi.codice, offerto: offertoSql(cliente.id) })
          .from(blocchi)
          .where(
            companyScope(
              blocchi,
              actor.companyId,
              sql`${blocchi.id} in (${sql.join(
                ids.map((b) => sql`${b}::uuid`),
                sql`, `,
              )})`,
            ),
          );
        for (const b of ids) {
          const row = found.find((f) => f.id === b);
          if (!row) throw notFound(`Blocco non trovato: ${b}`);
          if (!row.offerto)
            throw conflict(
              `Il blocco ${row.codice} non è disponibile per ${cliente.ragioneSociale}: non si può condividere`,
            );
        }
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
      });
      const created = await detail(actor.companyId, id);
      return { ...created, url: `${publicUrl.replace(/\/+$/, '')}/v/${token}` };
    },

    async list(companyId: string, q: { clienteId?: string; bloccoId?: string }) {
      const where = or(
        q.clienteId ? eq(condivisioni.clienteId, q.clienteId) : undefined,
        q.bloccoId ? sql`${condivisioni.blocchi} @> array[${q.bloccoId}::uuid]` : undefined,
      )!;
      return { items: await toDtos(db, await repo.list(db, companyId, where)) };
    },

    /** Withdraws the link at once: the next request with its token answers 410. */
    async revoca(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(condivisioni)
          .set({ revocataAt: new Date(), revocataDa: actor.userId, updatedAt: new Date() })
          .where(
            companyScope(
              condivisioni,
              actor.companyId,
              eq(condivisioni.id, id),
              isNull(condivisioni.revocataAt),
            ),
          )
          .returning();
        if (!done) {
          const [exists] = await repo.list(tx, actor.companyId, eq(condivisioni.id, id));
          if (!exists) throw notFound(NOT_FOUND);
          throw conflict('Il link è già stato revocato');
        }
        await recordAuditMany(tx, [
          {
            companyId: actor.companyId,
            entityType: ENTITY_TYPE,
            entityId: id,
            action: 'revoca',
            userId: actor.userId,
          },
        ]);
      });
      return detail(actor.companyId, id);
    },

    /** The answers to the caller's own links not seen yet: the notification of a buyer's answer. */
    async notifiche(actor: Actor) {
      const rows = await db
        .select({ risposta: condivisioniRisposte, condivisioneId: condivisioni.id })
        .from(condivisioniRisposte)
        .innerJoin(condivisioni, eq(condivisioni.id, condivisioniRisposte.condivisioneId))
        .where(
          companyScope(
            condivisioni,
            actor.companyId,
            eq(condivisioni.userId, actor.userId),
            isNull(condivisioniRisposte.lettaAt),
          ),
        )
        .limit(100);
      return {
        nonLette: rows.length,
        condivisioni: [...new Set(rows.map((r) => r.condivisioneId))],
      };
    },

    /** The maker opened the link's page: its answers are seen. */
    async segnaLette(actor: Actor, id: string) {
      await db
        .update(condivisioniRisposte)
        .set({ lettaAt: new Date() })
        .where(
          and(
            eq(condivisioniRisposte.condivisioneId, id),
            isNull(condivisioniRisposte.lettaAt),
            sql`exists (select 1 from ${condivisioni} where ${condivisioni.id} = ${id} and ${condivisioni.companyId} = ${actor.companyId} and ${condivisioni.userId} = ${actor.userId})`,
          ),
        );
    },

    /**
     * Demo data: links made days ago with their visits and answers. The token is thrown away, as for
     * every link (only the hash is stored), so a demo link opens for nobody.
     */
    async importDemo(
      actor: Actor,
      link: {
        clienteId: string;
        blocchi: string[];
        scadenza: string;
        lingua: 'it' | 'en';
        messaggio: string;
        creataIl: Date;
      },
      accessi: Array<{ at: Date; indirizzo: string; browser: string }>,
      risposte: Array<{
        bloccoId: string;
        risposta: (typeof RISPOSTE)[number];
        nota: string | null;
        at: Date;
      }>,
    ) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(condivisioni)
          .values({
            companyId: actor.companyId,
            clienteId: link.clienteId,
            userId: actor.userId,
            tokenHash: newToken().hash,
            blocchi: link.blocchi,
            scadenza: link.scadenza,
            lingua: link.lingua,
            mostraPrezzi: true,
            messaggio: link.messaggio,
            createdAt: link.creataIl,
            updatedAt: link.creataIl,
          })
          .returning({ id: condivisioni.id });
        if (accessi.length)
          await tx
            .insert(condivisioniAccessi)
            .values(accessi.map((a) => ({ ...a, condivisioneId: row!.id })));
        if (risposte.length)
          await tx
            .insert(condivisioniRisposte)
            .values(risposte.map((r) => ({ ...r, condivisioneId: row!.id })));
        const [cliente] = await tx
          .select({ ragioneSociale: clienti.ragioneSociale })
          .from(clienti)
          .where(eq(clienti.id, link.clienteId));
        await recordAuditMany(
          tx,
          risposte.map((r) => ({
            companyId: actor.companyId,
            entityType: 'blocco',
            entityId: r.bloccoId,
            action: 'risposta_cliente',
            userId: null,
            note: rispostaNote(cliente!.ragioneSociale, r.risposta, r.nota),
          })),
        );
      });
    },
  };
}
