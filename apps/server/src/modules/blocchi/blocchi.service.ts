import {
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATI_ELIMINABILI,
  BLOCCO_STATO_LABELS,
  BANCATA_STATI_CON_BLOCCHI,
  CATEGORIE,
  CATEGORIA_LABELS,
  isOptionMove,
  SCELTE,
  SCELTA_LABELS,
  type Blocco,
  type BloccoCreate,
  type BloccoDeclassaBody,
  type BloccoFilter,
  type BloccoListItem,
  type BloccoListQuery,
  type BloccoOrigine,
  type BloccoSort,
  type BloccoStato,
  type BloccoStatoBody,
  type BloccoSummary,
  type BloccoUpdate,
  type GenealogyNode,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { constraintError } from '../../lib/db-errors.js';
import { italianDate, todayInRome } from '../../lib/dates.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  recordAuditMany,
  type HistoryItem,
} from '../../lib/audit.js';
import type { AuditChanges } from '../../db/schema/index.js';
import { assertCodiceChange, nextCode } from '../../lib/codes.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { streamExport, type ExportStream } from '../../lib/export.js';
import { toPage } from '../../lib/pagination.js';
import { assertUnchanged, STALE_MESSAGES } from '../../lib/preconditions.js';
import type { Actor } from '../../lib/actor.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BancateService } from '../bancate/bancate.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { blocchiPickers } from './blocchi.pickers.js';
import { assertSenzaLavorazioni, blocchiOperations, transition } from './blocchi.operations.js';
import { BLOCCO_FIELDS, toBloccoDto, type BloccoJoined, type BloccoRow } from './blocchi.mapper.js';
import { registerBloccoEntity } from './blocchi.entity.js';
import {
  assertAPeso,
  assertDataRiquadratura,
  assertNetWithinGross,
  assertPesata,
  assertPesoPlausibile,
  pesoFuori,
  newDims,
  quantities,
  updatedDims,
} from './blocchi.rules.js';
import { bloccoExportColumns } from './blocchi.export.js';
import * as repo from './blocchi.repository.js';

const { notFound: NOT_FOUND, stale: STALE } = repo.BLOCCO_STATES.manual.messages;

/** The history's mark of a weighbridge reading the user confirmed outside the expected range. */
function fuoriNorma(
  pesoPesa: number | null,
  lordo: { volumeLordo: number; densita: number },
): AuditChanges {
  return pesoFuori(pesoPesa, lordo) ? { pesoFuoriNorma: { from: null, to: true } } : {};
}

export type BlocchiService = ReturnType<typeof createBlocchiService>;

export function createBlocchiService(deps: {
  db: Db;
  bancate: Pick<BancateService, 'get' | 'lockForNewBlocco'>;
  materiali: Pick<LookupsService<'materiali'>, 'find'>;
  ubicazioni: Pick<LookupsService<'ubicazioni'>, 'find'>;
  clienti: Pick<AnagraficaService, 'find'>;
  fornitori: Pick<AnagraficaService, 'find'>;
  entities: EntityRegistry;
  /** List totals kept between requests (the embedded database only). */
  counts: CountCache;
}) {
  const { db, bancate, materiali, ubicazioni, clienti, fornitori, entities, counts } = deps;

  /** `origine` null: either kind (the lavorazioni saw own and bought-in blocks alike). */
  async function get(
    origine: BloccoOrigine | null,
    companyId: string,
    id: string,
    tx: DbOrTx = db,
  ): Promise<Blocco> {
    const row = await repo.findJoined(tx, companyId, origine, id);
    if (!row) throw notFound(NOT_FOUND);
    return toBloccoDto(row);
  }

  async function densitaOf(companyId: string, materialeId: string, tx: DbOrTx) {
    const m = await materiali.find(companyId, materialeId, tx);
    if (!m)
      throw badRequest('Materiale non valido', [
        { path: 'materialeId', message: 'Materiale non valido' },
      ]);
    return m.densita;
  }
  async function assertUbicazione(companyId: string, id: string | undefined | null, tx: DbOrTx) {
    if (id && !(await ubicazioni.find(companyId, id, tx)))
      throw badRequest('Ubicazione non valida', [
        { path: 'ubicazioneId', message: 'Ubicazione non valida' },
      ]);
  }
  async function assertFornitore(companyId: string, id: string | undefined, tx: DbOrTx) {
    if (id && !(await fornitori.find(companyId, id, tx)))
      throw badRequest('Fornitore non valido', [
        { path: 'fornitoreId', message: 'Fornitore non valido' },
      ]);
  }

  registerBloccoEntity(entities);

  return {
    get,
    ...blocchiOperations,

    async list(
      origine: BloccoOrigine,
      companyId: string,
      query: BloccoListQuery,
    ): Promise<Page<BloccoListItem>> {
      const { page, limit, sort: _sort, ...filter } = query;
      const search = await repo.withMaterialiDelTesto(db, companyId, query);
      // At once: on PostgreSQL the two statements run on two connections, so the page waits for the
      // slower of the two instead of their sum; PGlite runs them one after the other either way.
      const [items, counted] = await Promise.all([
        repo.listItems(db, companyId, origine, search),
        counts.get(JSON.stringify([companyId, origine, filter]), () =>
          repo.countMatching(db, companyId, origine, search),
        ),
      ]);
      return toPage(items, counted, page, limit);
    },

    async summary(
      origine: BloccoOrigine,
      companyId: string,
      filter: BloccoFilter,
    ): Promise<BloccoSummary> {
      return repo.summary(
        db,
        companyId,
        origine,
        await repo.withMaterialiDelTesto(db, companyId, filter),
      );
    },

    ...blocchiPickers(db),

    /** The effective state (an expired option reads `disponibile`), for other modules' joins on blocchi. */
    statoEffettivo: repo.statoEffettivo,

    /** A bancata's blocchi, for its detail page (read under the bancate permission). */
    async ofBancata(companyId: string, bancataId: string): Promise<Blocco[]> {
      await bancate.get(companyId, bancataId);
      const rows: BloccoJoined[] = [];
      for await (const batch of repo.batches(db, companyId, 'interno', { bancataId }, 'createdAt'))
        rows.push(...batch);
      return rows.map(toBloccoDto);
    },

    /** The block's page: the block and the DDTs it left with. */
    async detail(origine: BloccoOrigine, companyId: string, id: string): Promise<Blocco> {
      return {
        ...(await get(origine, companyId, id)),
        ddt: await entities.ddtOf(db, companyId, id),
      };
    },

    async history(origine: BloccoOrigine, companyId: string, id: string): Promise<HistoryItem[]> {
      await get(origine, companyId, id);
      return listHistory(db, companyId, 'blocco', id);
    },

    async genealogy(
      origine: BloccoOrigine,
      companyId: string,
      id: string,
    ): Promise<GenealogyNode[]> {
      await get(origine, companyId, id);
      return entities.genealogyOf(db, 'blocco', companyId, id);
    },

    async create(
      origine: BloccoOrigine,
      actor: Actor,
      { stato: startAs, pesoFuoriNorma, ...body }: BloccoCreate,
    ): Promise<Blocco> {
      return db.transaction(async (tx) => {
        let bancataId: string | null = null;
        let cavaId: string | null = null;
        let materialeId = body.materialeId;
        if ('bancataId' in body) {
          const bancata = await bancate.lockForNewBlocco(tx, actor.companyId, body.bancataId);
          if (!bancata)
            throw badRequest('Bancata non valida', [
              { path: 'bancataId', message: 'Bancata non valida' },
            ]);
          if (!BANCATA_STATI_CON_BLOCCHI.includes(bancata.stato as never)) {
            throw conflict(
              `La bancata ${bancata.codice} deve essere ribaltata o in riquadratura per ricavarne blocchi`,
            );
          }
          bancataId = bancata.id;
          cavaId = bancata.cavaId;
          materialeId ??= bancata.materialeId;
          if (body.dataRiquadratura) assertDataRiquadratura(body.dataRiquadratura, todayInRome());
        } else {
          await assertFornitore(actor.companyId, body.fornitoreId, tx);
        }
        const densita = await densitaOf(actor.companyId, materialeId!, tx);
        await assertUbicazione(actor.companyId, body.ubicazioneId, tx);
        assertPesata(null, body, todayInRome());
        assertAPeso({ ...body, prezzo: body.prezzoListino });
        const dims = newDims(body);
        const lordo = { volumeLordo: quantities(dims, densita).volumeLordo, densita };
        assertPesoPlausibile(body.pesoPesa, null, lordo, pesoFuoriNorma === true);
        const row = await repo.insert(tx, {
          ...body,
          ...dims,
          ...quantities(dims, densita),
          materialeId: materialeId!,
          companyId: actor.companyId,
          codice: await nextCode(tx, 'BL'),
          origine,
          bancataId,
          cavaId,
          stato: origine === 'esterno' ? 'disponibile' : 'in_piazzale',
        });
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'blocco',
          entityId: row.id,
          action: 'create',
          userId: actor.userId,
          changes: { ...initialValues(row, BLOCCO_FIELDS), ...fuoriNorma(row.pesoPesa, lordo) },
        });
        // "Disponibile subito": the ordinary move, with its history row, in the creating transaction.
        if (startAs && startAs !== row.stato) {
          await transition(tx, {
            companyId: actor.companyId,
            origine,
            id: row.id,
            to: startAs,
            by: 'manual',
            userId: actor.userId,
          });
        }
        return get(origine, actor.companyId, row.id, tx);
      });
    },

    /** `ifMatch`: the block's `updatedAt` the client saw; another since is a 409 and nothing is written. */
    async update(
      origine: BloccoOrigine,
      actor: Actor,
      id: string,
      { pesoFuoriNorma, ...body }: BloccoUpdate,
      ifMatch?: Date,
    ): Promise<Blocco> {
      if (body.codice !== undefined && !actor.isAdmin)
        throw forbidden('Solo un amministratore può correggere il codice');
      try {
        return await db.transaction(async (tx) => {
          await assertUnchanged(
            tx,
            repo.versionOf(actor.companyId, origine, id),
            ifMatch,
            STALE_MESSAGES.blocco,
          );
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (!locked) throw notFound(NOT_FOUND);
          const current = locked.blocco;
          if (['spedito', 'segato', 'scartato'].includes(current.stato)) {
            throw conflict(
              `Il blocco è «${BLOCCO_STATO_LABELS[current.stato as BloccoStato]}»: non si può più modificare`,
            );
          }
          assertCodiceChange(body.codice, current.codice);
          await assertUbicazione(actor.companyId, body.ubicazioneId, tx);
          await assertFornitore(actor.companyId, body.fornitoreId, tx);
          const densita = await densitaOf(
            actor.companyId,
            body.materialeId ?? current.materialeId,
            tx,
          );
          // A net measure sent empty goes back to the gross one.
          const dims = updatedDims(current, body);
          assertNetWithinGross(dims);
          assertPesata(current, body, todayInRome());
          assertAPeso({
            categoria: body.categoria ?? current.categoria,
            unitaPrezzo: body.unitaPrezzo ?? current.unitaPrezzo,
            prezzo: body.prezzoListino !== undefined ? body.prezzoListino : current.prezzoListino,
          });
          const q = quantities(dims, densita);
          const lordo = { volumeLordo: q.volumeLordo, densita };
          assertPesoPlausibile(body.pesoPesa, current.pesoPesa, lordo, pesoFuoriNorma === true);
          if (body.dataRiquadratura) assertDataRiquadratura(body.dataRiquadratura, todayInRome());
          const row = await repo.updateInCompany(tx, actor.companyId, id, {
            ...body,
            ...dims,
            ...q,
          });
          if (row && row.codice !== current.codice)
            await entities.codiceChanged(tx, 'blocco', actor.companyId, id, row.codice);
          const changes = {
            ...diffChanges(current, row!, BLOCCO_FIELDS),
            ...(row!.pesoPesa !== current.pesoPesa ? fuoriNorma(row!.pesoPesa, lordo) : {}),
          };
          if (Object.keys(changes).length) {
            await recordAudit(tx, {
              companyId: actor.companyId,
              entityType: 'blocco',
              entityId: id,
              action: 'update',
              userId: actor.userId,
              changes,
            });
          }
          return get(origine, actor.companyId, id, tx);
        });
      } catch (error) {
        throw constraintError(error, { unique: 'Codice già usato da un altro blocco' }) ?? error;
      }
    },

    /**
     * `moves: 'option'`: the actor may only option, renew or release (isOptionMove, docs/permissions.md).
     * `ifMatch` as for `update`.
     */
    async changeStato(
      origine: BloccoOrigine,
      actor: Actor,
      id: string,
      body: BloccoStatoBody,
      moves: 'all' | 'option',
      ifMatch?: Date,
    ): Promise<Blocco> {
      return db.transaction(async (tx) => {
        await assertUnchanged(
          tx,
          repo.versionOf(actor.companyId, origine, id),
          ifMatch,
          STALE_MESSAGES.blocco,
        );
        if (moves === 'option') {
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (!locked) throw notFound(NOT_FOUND);
          if (!isOptionMove(locked.statoEffettivo as BloccoStato, body.stato))
            throw forbidden("Puoi solo opzionare il blocco o liberarlo da un'opzione");
        }
        if (body.stato === 'scartato') {
          // a scrapped block would leave its planned sawing or tile cut waiting for ever
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (!locked) throw notFound(NOT_FOUND);
          await assertSenzaLavorazioni(tx, actor.companyId, locked.blocco, 'scartarlo');
        }
        let set: Partial<Pick<BloccoRow, 'clienteId' | 'opzioneScadenza'>> | undefined;
        if (body.stato === 'opzionato') {
          const cliente = await clienti.find(actor.companyId, body.clienteId!, tx);
          if (!cliente)
            throw badRequest('Cliente non valido', [
              { path: 'clienteId', message: 'Cliente non valido' },
            ]);
          // The option holds through its expiry day in Rome: today is the earliest valid expiry.
          const scadenza = body.opzioneScadenza!;
          if (scadenza < todayInRome()) {
            throw badRequest("La scadenza dell'opzione non può essere già passata", [
              {
                path: 'opzioneScadenza',
                message: "La scadenza dell'opzione non può essere già passata",
              },
            ]);
          }
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (locked?.statoEffettivo === 'opzionato' && locked.blocco.clienteId !== cliente.id) {
            throw conflict(
              `Il blocco è già opzionato per un altro cliente fino al ${italianDate(locked.blocco.opzioneScadenza!)}`,
            );
          }
          set = { clienteId: cliente.id, opzioneScadenza: scadenza };
        }
        await transition(tx, {
          companyId: actor.companyId,
          origine,
          id,
          to: body.stato,
          by: 'manual',
          userId: actor.userId,
          note: body.nota,
          set,
        });
        return get(origine, actor.companyId, id, tx);
      });
    },

    /** Lowers grade or category; the block stays sellable and the reason goes to history. */
    async declassa(
      origine: BloccoOrigine,
      actor: Actor,
      id: string,
      body: BloccoDeclassaBody,
    ): Promise<Blocco> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
        if (!locked) throw notFound(NOT_FOUND);
        const current = locked.blocco;
        if (!BLOCCO_STATI_DECLASSABILI.includes(locked.statoEffettivo as BloccoStato)) {
          throw conflict(
            `Un blocco «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}» non si può declassare`,
          );
        }
        if (
          body.scelta &&
          SCELTE.indexOf(body.scelta) <= SCELTE.indexOf(current.scelta as (typeof SCELTE)[number])
        ) {
          throw badRequest(
            `La nuova scelta deve essere inferiore a «${SCELTA_LABELS[current.scelta as (typeof SCELTE)[number]]}»`,
            [{ path: 'scelta', message: 'Scegli una scelta inferiore' }],
          );
        }
        if (
          body.categoria &&
          CATEGORIE.indexOf(body.categoria) <=
            CATEGORIE.indexOf(current.categoria as (typeof CATEGORIE)[number])
        ) {
          throw badRequest(
            `La nuova categoria deve essere inferiore a «${CATEGORIA_LABELS[current.categoria as (typeof CATEGORIE)[number]]}»`,
            [{ path: 'categoria', message: 'Scegli una categoria inferiore' }],
          );
        }
        // Irregular blocks are sold by the quintale (trade custom) unless the user says otherwise.
        const unitaPrezzo = body.unitaPrezzo ?? (body.categoria === 'informe' ? 'q' : undefined);
        assertAPeso({
          categoria: body.categoria ?? current.categoria,
          unitaPrezzo: unitaPrezzo ?? current.unitaPrezzo,
          prezzo: current.prezzoListino,
        });
        const set = {
          ...(body.scelta ? { scelta: body.scelta } : {}),
          ...(body.categoria ? { categoria: body.categoria } : {}),
          ...(unitaPrezzo ? { unitaPrezzo } : {}),
        };
        const row = await repo.updateInStato(tx, actor.companyId, id, current.stato, set);
        if (!row) throw conflict(STALE);
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'blocco',
          entityId: id,
          action: 'declassa',
          userId: actor.userId,
          changes: diffChanges(current, row, ['scelta', 'categoria', 'unitaPrezzo']),
          note: body.nota,
        });
        return get(origine, actor.companyId, id, tx);
      });
    },

    /** Only a block nothing references and not yet sold or sawn can go. */
    async remove(origine: BloccoOrigine, actor: Actor, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (!locked) throw notFound(NOT_FOUND);
          if (!BLOCCO_STATI_ELIMINABILI.includes(locked.statoEffettivo as BloccoStato)) {
            throw conflict(
              `Un blocco «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}» non si può eliminare`,
            );
          }
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: 'blocco',
            entityId: id,
            action: 'delete',
            userId: actor.userId,
            changes: { codice: { from: locked.blocco.codice, to: null } },
          });
          await repo.deleteInStato(tx, actor.companyId, id, locked.blocco.stato);
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: 'Il blocco è collegato ad altri dati: non si può eliminare',
          }) ?? error
        );
      }
    },

    /** The list as a file: its filters and its order (`sort`). */
    export(
      origine: BloccoOrigine,
      companyId: string,
      { sort, ...filter }: BloccoFilter & { sort?: BloccoSort },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ): Promise<ExportStream> {
      const rows = (async function* () {
        for await (const batch of repo.batches(
          db,
          companyId,
          origine,
          await repo.withMaterialiDelTesto(db, companyId, filter),
          sort,
        ))
          yield batch.map(toBloccoDto);
      })();
      const columns = bloccoExportColumns(origine);
      return streamExport({
        format,
        columns,
        batches: rows,
        sheet: origine === 'interno' ? 'Blocchi' : 'Blocchi esterni',
        baseName: origine === 'interno' ? 'blocchi' : 'blocchi-esterni',
        onError,
      });
    },

    /**
     * Writes expired options back to `disponibile` with a history row by the system. One instance at a
     * time (advisory lock); reads and guarded updates already treat them as available meanwhile.
     */
    async sweepExpiredOptions(): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await repo.expireOptions(tx);
        if (!expired) return 0;
        await recordAuditMany(
          tx,
          expired.map((b) => ({
            companyId: b.companyId,
            entityType: 'blocco',
            entityId: b.id,
            action: 'stato',
            userId: null,
            changes: { stato: { from: 'opzionato', to: 'disponibile' } },
            note: 'Opzione scaduta',
          })),
        );
        return expired.length;
      });
    },
  };
}
