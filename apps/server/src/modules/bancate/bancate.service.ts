import {
  BANCATA_STATI_CON_BLOCCHI,
  BANCATA_STATO_LABELS,
  type BancataPickerItem,
  pesoT,
  volumeM3,
  type Bancata,
  type BancataCreate,
  type BancataFilter,
  type BancataListQuery,
  type BancataStato,
  type BancataSummary,
  type BancataUpdate,
  type Page,
} from '@gestcava/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { constraintError } from '../../lib/db-errors.js';
import {
  diffChanges,
  initialValues,
  listHistory,
  recordAudit,
  type HistoryItem,
} from '../../lib/audit.js';
import { assertCodiceChange, nextCode } from '../../lib/codes.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { streamExport, type ExportStream } from '../../lib/export.js';
import { pageOfRows } from '../../lib/pagination.js';
import type { Actor } from '../../lib/actor.js';
import { changeState } from '../../lib/state-change.js';
import { todayInRome } from '../../lib/dates.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { BANCATA_FIELDS, toBancataDto } from './bancate.mapper.js';
import { registerBancataEntity } from './bancate.entity.js';
import { bancataExportColumns } from './bancate.export.js';
import * as repo from './bancate.repository.js';

const NOT_FOUND = repo.BANCATA_STATES.messages.notFound;

export type BancateService = ReturnType<typeof createBancateService>;

export function createBancateService(deps: {
  db: Db;
  cave: Pick<LookupsService<'cave'>, 'find'>;
  materiali: Pick<LookupsService<'materiali'>, 'find'>;
  entities: EntityRegistry;
}) {
  const { db, cave, materiali, entities } = deps;

  async function get(companyId: string, id: string, tx: DbOrTx = db): Promise<Bancata> {
    const row = await repo.findJoined(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toBancataDto(row);
  }

  async function densitaOf(companyId: string, materialeId: string, tx: DbOrTx) {
    const materiale = await materiali.find(companyId, materialeId, tx);
    if (!materiale)
      throw badRequest('Materiale non valido', [
        { path: 'materialeId', message: 'Materiale non valido' },
      ]);
    return materiale.densita;
  }
  async function assertCava(companyId: string, cavaId: string, tx: DbOrTx) {
    if (!(await cave.find(companyId, cavaId, tx)))
      throw badRequest('Cava non valida', [{ path: 'cavaId', message: 'Cava non valida' }]);
  }

  registerBancataEntity(entities);

  return {
    get,

    list(companyId: string, query: BancataListQuery): Promise<Page<Bancata>> {
      return pageOfRows(repo.listPage(db, companyId, query), toBancataDto, query);
    },

    async summary(companyId: string, filter: BancataFilter): Promise<BancataSummary> {
      return repo.summary(db, companyId, filter);
    },

    export(
      companyId: string,
      { sort, ...filter }: BancataFilter & { sort?: string },
      format: 'csv' | 'xlsx',
      onError?: (e: unknown) => void,
    ): Promise<ExportStream> {
      const rows = (async function* () {
        for await (const batch of repo.batches(db, companyId, filter, sort))
          yield batch.map(toBancataDto);
      })();
      return streamExport({
        format,
        columns: bancataExportColumns,
        batches: rows,
        sheet: 'Bancate',
        baseName: 'bancate',
        onError,
      });
    },

    async history(companyId: string, id: string): Promise<HistoryItem[]> {
      await get(companyId, id);
      return listHistory(db, companyId, 'bancata', id);
    },

    async create(actor: Actor, body: BancataCreate): Promise<Bancata> {
      return db.transaction(async (tx) => {
        await assertCava(actor.companyId, body.cavaId, tx);
        const densita = await densitaOf(actor.companyId, body.materialeId, tx);
        const volumeLordo = volumeM3(body.lunghezza, body.altezza, body.profondita);
        const row = await repo.insert(tx, {
          ...body,
          companyId: actor.companyId,
          codice: await nextCode(tx, 'BA'),
          volumeLordo,
          pesoStimato: pesoT(volumeLordo, densita),
          stato: 'pianificata',
        });
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'bancata',
          entityId: row.id,
          action: 'create',
          userId: actor.userId,
          changes: initialValues(row, BANCATA_FIELDS),
        });
        // A cut dated today or earlier (Rome) is already under way: the ordinary move, with its history row.
        if (row.dataTaglio <= todayInRome()) {
          await changeState(tx, repo.BANCATA_STATES, {
            companyId: actor.companyId,
            id: row.id,
            to: 'in_taglio',
            userId: actor.userId,
            note: 'Data di taglio già raggiunta',
          });
        }
        return get(actor.companyId, row.id, tx);
      });
    },

    async update(actor: Actor, id: string, body: BancataUpdate): Promise<Bancata> {
      if (body.codice !== undefined && !actor.isAdmin)
        throw forbidden('Solo un amministratore può correggere il codice');
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lockInCompany(tx, actor.companyId, id);
          if (!current) throw notFound(NOT_FOUND);
          if (current.stato === 'annullata')
            throw conflict('La bancata è annullata: non si può modificare');
          assertCodiceChange(body.codice, current.codice);
          if (body.cavaId) await assertCava(actor.companyId, body.cavaId, tx);
          const materialeId = body.materialeId ?? current.materialeId;
          const densita = await densitaOf(actor.companyId, materialeId, tx);
          const next = { ...current, ...body };
          const volumeLordo = volumeM3(next.lunghezza, next.altezza, next.profondita);
          const row = await repo.updateInCompany(tx, actor.companyId, id, {
            ...body,
            volumeLordo,
            pesoStimato: pesoT(volumeLordo, densita),
          });
          if (row!.codice !== current.codice)
            await entities.codiceChanged(tx, 'bancata', actor.companyId, id, row!.codice);
          const changes = diffChanges(current, row!, BANCATA_FIELDS);
          if (Object.keys(changes).length) {
            await recordAudit(tx, {
              companyId: actor.companyId,
              entityType: 'bancata',
              entityId: id,
              action: 'update',
              userId: actor.userId,
              changes,
            });
          }
          return get(actor.companyId, id, tx);
        });
      } catch (error) {
        throw constraintError(error, { unique: 'Codice già usato da un’altra bancata' }) ?? error;
      }
    },

    /**
     * Closing freezes the yield from the blocchi registered at that moment (blocco creation holds a
     * share lock on the bancata, so none is added meanwhile).
     */
    async changeStato(
      actor: Actor,
      id: string,
      to: BancataStato,
      nota: string | null,
    ): Promise<Bancata> {
      return db.transaction(async (tx) => {
        await changeState(tx, repo.BANCATA_STATES, {
          companyId: actor.companyId,
          id,
          to,
          userId: actor.userId,
          note: nota,
          set: (current) => ({
            ...(to === 'ribaltata' && !current.dataRibaltamento
              ? { dataRibaltamento: todayInRome() }
              : {}),
            ...(to === 'chiusa' ? { resaChiusura: repo.resaChiusura } : {}),
          }),
        });
        return get(actor.companyId, id, tx);
      });
    },

    /** Only a planned bancata can be deleted: once cut it is part of the quarry's record. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.lockInCompany(tx, actor.companyId, id);
        if (!current) throw notFound(NOT_FOUND);
        if (current.stato !== 'pianificata') {
          throw conflict(
            `Si può eliminare solo una bancata pianificata (questa è «${BANCATA_STATO_LABELS[current.stato as BancataStato]}»): annullala invece`,
          );
        }
        await recordAudit(tx, {
          companyId: actor.companyId,
          entityType: 'bancata',
          entityId: id,
          action: 'delete',
          userId: actor.userId,
          changes: { codice: { from: current.codice, to: null } },
        });
        await repo.deleteInStato(tx, actor.companyId, id, 'pianificata');
      });
    },

    /** The bancate that can give blocchi now (ribaltata, in riquadratura), newest first: the blocco form's picker. */
    async selectable(companyId: string, q: string | undefined): Promise<BancataPickerItem[]> {
      const rows = await repo.listPage(db, companyId, {
        q,
        stati: BANCATA_STATI_CON_BLOCCHI,
        sort: '-dataTaglio',
        page: 1,
        limit: 100,
      });
      return rows.items.map((r) => ({
        _id: r.bancata.id,
        codice: r.bancata.codice,
        stato: r.bancata.stato as BancataStato,
        cava: { nome: r.cava.nome },
        materiale: { _id: r.materiale.id, nome: r.materiale.nome, densita: r.materiale.densita },
      }));
    },

    /** For the blocchi module: the bancata a new block comes from, share-locked, with its state checked. */
    lockForNewBlocco: (tx: DbOrTx, companyId: string, id: string) =>
      repo.lockInCompany(tx, companyId, id, 'share'),
  };
}
