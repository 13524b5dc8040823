import {
  BLOCCO_STATI_DECLASSABILI,
  BLOCCO_STATI_ELIMINABILI,
  BLOCCO_STATO_LABELS,
  BANCATA_STATI_CON_BLOCCHI,
  CATEGORIE,
  CATEGORIA_LABELS,
  DIFETTO_LABELS,
  SCELTE,
  SCELTA_LABELS,
  canMoveBlocco,
  detailPath,
  pesoT,
  volumeM3,
  type Blocco,
  type BloccoCreate,
  type BloccoDeclassaBody,
  type BloccoFilter,
  type BloccoListItem,
  type BloccoListQuery,
  type BloccoOrigine,
  type BloccoStato,
  type BloccoStatoBody,
  type BloccoSummary,
  type BloccoUpdate,
  type GenealogyNode,
  type Page,
} from '@gestcava/contracts';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { blocchi } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { constraintError } from '../../lib/db-errors.js';
import { diffChanges, initialValues, listHistory, recordAudit, recordAuditMany, type HistoryItem } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import type { CountCache } from '../../lib/count-cache.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { streamExport, type ExportStream } from '../../lib/export.js';
import { rowsOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { BancateService } from '../bancate/bancate.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';
import { BLOCCO_FIELDS, toBloccoDto, type BloccoJoined, type BloccoRow } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';

const NOT_FOUND = 'Blocco non trovato';
/** The advisory lock that lets one instance at a time sweep expired options. */
const SWEEP_LOCK = 726_401;

type Dims = Pick<BloccoRow, 'lunghezza' | 'altezza' | 'profondita' | 'lunghezzaNetta' | 'altezzaNetta' | 'profonditaNetta'>;

/** Volumes and theoretical weight from the measures, with the shared pure functions. */
function quantities(d: Dims, densita: number) {
  const volumeLordo = volumeM3(d.lunghezza, d.altezza, d.profondita);
  return { volumeLordo, volumeNetto: volumeM3(d.lunghezzaNetta, d.altezzaNetta, d.profonditaNetta), pesoTeorico: pesoT(volumeLordo, densita) };
}

function assertNetWithinGross(d: Dims) {
  for (const [g, n, label] of [
    ['lunghezza', 'lunghezzaNetta', 'Lunghezza netta'],
    ['altezza', 'altezzaNetta', 'Altezza netta'],
    ['profondita', 'profonditaNetta', 'Profondità netta'],
  ] as const) {
    if (d[n] > d[g]) throw badRequest(`${label}: non può superare la misura lorda (${d[g]} cm)`, [{ path: n, message: `${label}: non può superare la misura lorda (${d[g]} cm)` }]);
  }
}

export type BlocchiService = ReturnType<typeof createBlocchiService>;

export function createBlocchiService(deps: {
  db: Db;
  bancate: BancateService;
  materiali: LookupsService;
  ubicazioni: LookupsService;
  clienti: AnagraficaService;
  fornitori: AnagraficaService;
  entities: EntityRegistry;
  /** List totals kept between requests (the embedded database only). */
  counts: CountCache;
}) {
  const { db, bancate, materiali, ubicazioni, clienti, fornitori, entities, counts } = deps;

  async function get(origine: BloccoOrigine, companyId: string, id: string, tx: DbOrTx = db): Promise<Blocco> {
    const row = await repo.findJoined(tx, companyId, origine, id);
    if (!row) throw notFound(NOT_FOUND);
    return toBloccoDto(row);
  }

  async function densitaOf(companyId: string, materialeId: string, tx: DbOrTx) {
    const m = await materiali.find(companyId, materialeId, tx);
    if (!m) throw badRequest('Materiale non valido', [{ path: 'materialeId', message: 'Materiale non valido' }]);
    return m.densita as number;
  }
  async function assertUbicazione(companyId: string, id: string | undefined | null, tx: DbOrTx) {
    if (id && !(await ubicazioni.find(companyId, id, tx))) throw badRequest('Ubicazione non valida', [{ path: 'ubicazioneId', message: 'Ubicazione non valida' }]);
  }
  async function assertFornitore(companyId: string, id: string | undefined, tx: DbOrTx) {
    if (id && !(await fornitori.find(companyId, id, tx))) throw badRequest('Fornitore non valido', [{ path: 'fornitoreId', message: 'Fornitore non valido' }]);
  }

  /**
   * The one place a block changes state: a guarded update on the state it was read in (under the row
   * lock), with the history row in the same transaction. Other modules (collaudi, lavorazioni) call
   * it with `by: 'system'` for the moves that belong to them.
   */
  async function transition(
    tx: DbOrTx,
    args: {
      companyId: string;
      origine: BloccoOrigine | null;
      id: string;
      to: BloccoStato;
      by: 'manual' | 'system';
      userId: string | null;
      note?: string | null;
      set?: Partial<Pick<BloccoRow, 'clienteId' | 'opzioneScadenza'>>;
    },
  ): Promise<{ from: BloccoStato }> {
    const [row] = await tx
      .select({ blocco: blocchi, statoEffettivo: repo.statoEffettivo })
      .from(blocchi)
      .where(and(eq(blocchi.companyId, args.companyId), eq(blocchi.id, args.id), args.origine ? eq(blocchi.origine, args.origine) : undefined))
      .for('update');
    if (!row) throw notFound(NOT_FOUND);
    const from = row.statoEffettivo as BloccoStato;
    if (!canMoveBlocco(from, args.to, args.by)) {
      throw conflict(`Passaggio non consentito: da «${BLOCCO_STATO_LABELS[from]}» a «${BLOCCO_STATO_LABELS[args.to]}»`);
    }
    const keepsCustomer = args.to === 'opzionato' || args.to === 'in_collaudo' || args.to === 'venduto' || args.to === 'spedito';
    const updated = await tx
      .update(blocchi)
      .set({
        stato: args.to,
        ...(keepsCustomer ? {} : { clienteId: null, opzioneScadenza: null }),
        ...args.set,
        updatedAt: new Date(),
      })
      .where(and(eq(blocchi.id, args.id), eq(blocchi.stato, row.blocco.stato)))
      .returning({ id: blocchi.id });
    if (!updated.length) throw conflict('Il blocco è stato modificato nel frattempo: ricarica e riprova');
    const changes: Record<string, { from: unknown; to: unknown }> = { stato: { from, to: args.to } };
    if (args.set?.clienteId !== undefined && args.set.clienteId !== row.blocco.clienteId) changes.clienteId = { from: row.blocco.clienteId, to: args.set.clienteId };
    if (args.set?.opzioneScadenza !== undefined) changes.opzioneScadenza = { from: row.blocco.opzioneScadenza, to: args.set.opzioneScadenza };
    await recordAudit(tx, { companyId: args.companyId, entityType: 'blocco', entityId: args.id, action: 'stato', userId: args.userId, changes, note: args.note ?? null });
    return { from };
  }

  entities.register({
    type: 'blocco',
    label: 'Blocco',
    permission: (ref) => (ref.kind === 'esterno' ? 'blocchi-esterni' : 'blocchi'),
    async findInCompany(tx, companyId, id) {
      const row = await repo.findJoined(tx, companyId, null, id);
      return row ? { id: row.blocco.id, codice: row.blocco.codice, kind: row.blocco.origine } : null;
    },
    async findByCodice(tx, companyId, codice) {
      const row = await repo.findByCodice(tx, companyId, codice);
      return row ? { id: row.id, codice: row.codice, kind: row.origine } : null;
    },
    detailPath: (ref) => detailPath(ref.kind === 'esterno' ? 'blocco-esterno' : 'blocco', ref.id),
    pages: ['blocchi', 'blocchi-esterni'],
    readableIds(canRead) {
      const interno = canRead('blocchi');
      const esterno = canRead('blocchi-esterni');
      if (interno && esterno) return 'all';
      if (!interno && !esterno) return 'none';
      return sql`select ${blocchi.id} from ${blocchi} where ${blocchi.origine} = ${interno ? 'interno' : 'esterno'}`;
    },
    idsInCava: (companyId, cavaId) =>
      sql`select ${blocchi.id} from ${blocchi} where ${blocchi.companyId} = ${companyId} and ${blocchi.cavaId} = ${cavaId}`,
    async describe(tx, companyId, ids) {
      const rows = await repo.summaries(tx, companyId, ids);
      return new Map(rows.map((r) => [r.id, { codice: r.codice, materiale: r.materiale, stato: r.stato, cava: r.cava, kind: r.origine }]));
    },
  });

  // Where a block comes from and who bought it; lavorazioni and collaudi add theirs later.
  entities.addGenealogy('blocco', async (tx, companyId, id) => {
    const row = await repo.findJoined(tx, companyId, null, id);
    if (!row) return [];
    const nodes: GenealogyNode[] = [];
    if (row.cava) nodes.push({ entityType: 'cava', _id: row.cava.id, label: `Cava ${row.cava.nome}`, codice: null, relation: 'origine', path: null });
    if (row.bancata) nodes.push({ entityType: 'bancata', _id: row.bancata.id, label: `Bancata ${row.bancata.codice}`, codice: row.bancata.codice, relation: 'origine', path: detailPath('bancata', row.bancata.id) });
    if (row.fornitore) {
      const numero = row.blocco.numeroFornitore ? ` (n. ${row.blocco.numeroFornitore})` : '';
      nodes.push({ entityType: 'fornitore', _id: row.fornitore.id, label: `${row.fornitore.ragioneSociale}${numero}`, codice: row.blocco.numeroFornitore, relation: 'origine', path: detailPath('fornitore', row.fornitore.id) });
    }
    const dto = toBloccoDto(row);
    if (dto.cliente) nodes.push({ entityType: 'cliente', _id: dto.cliente._id, label: dto.cliente.ragioneSociale, codice: null, relation: 'vendita', path: detailPath('cliente', dto.cliente._id) });
    return nodes;
  });

  return {
    get,
    transition,

    async list(origine: BloccoOrigine, companyId: string, query: BloccoListQuery): Promise<Page<BloccoListItem>> {
      const where = repo.filterWhere(companyId, origine, query);
      const { page, limit, sort: _sort, ...filter } = query;
      const items = await repo.listItems(db, where, query);
      const counted = await counts.get(JSON.stringify([companyId, origine, filter]), () => repo.countMatching(db, where));
      return toPage(items, counted, page, limit);
    },

    async summary(origine: BloccoOrigine, companyId: string, filter: BloccoFilter): Promise<BloccoSummary> {
      return repo.summary(db, repo.filterWhere(companyId, origine, filter));
    },

    /** A bancata's blocchi, for its detail page (read under the bancate permission). */
    async ofBancata(companyId: string, bancataId: string): Promise<Blocco[]> {
      await bancate.get(companyId, bancataId);
      const rows: BloccoJoined[] = [];
      for await (const batch of repo.batches(db, repo.filterWhere(companyId, 'interno', { bancataId }))) rows.push(...batch);
      return rows.map(toBloccoDto);
    },

    async history(origine: BloccoOrigine, companyId: string, id: string): Promise<HistoryItem[]> {
      await get(origine, companyId, id);
      return listHistory(db, companyId, 'blocco', id);
    },

    async genealogy(origine: BloccoOrigine, companyId: string, id: string): Promise<GenealogyNode[]> {
      await get(origine, companyId, id);
      return entities.genealogyOf(db, 'blocco', companyId, id);
    },

    async create(origine: BloccoOrigine, actor: Actor, body: BloccoCreate): Promise<Blocco> {
      return db.transaction(async (tx) => {
        let bancataId: string | null = null;
        let cavaId: string | null = null;
        let materialeId = body.materialeId;
        if ('bancataId' in body) {
          const bancata = await bancate.lockForNewBlocco(tx, actor.companyId, body.bancataId);
          if (!bancata) throw badRequest('Bancata non valida', [{ path: 'bancataId', message: 'Bancata non valida' }]);
          if (!BANCATA_STATI_CON_BLOCCHI.includes(bancata.stato as never)) {
            throw conflict(`La bancata ${bancata.codice} deve essere ribaltata o in riquadratura per ricavarne blocchi`);
          }
          bancataId = bancata.id;
          cavaId = bancata.cavaId;
          materialeId ??= bancata.materialeId;
        } else {
          await assertFornitore(actor.companyId, body.fornitoreId, tx);
        }
        const densita = await densitaOf(actor.companyId, materialeId!, tx);
        await assertUbicazione(actor.companyId, body.ubicazioneId, tx);
        const dims: Dims = {
          lunghezza: body.lunghezza,
          altezza: body.altezza,
          profondita: body.profondita,
          lunghezzaNetta: body.lunghezzaNetta ?? body.lunghezza,
          altezzaNetta: body.altezzaNetta ?? body.altezza,
          profonditaNetta: body.profonditaNetta ?? body.profondita,
        };
        const [row] = await tx
          .insert(blocchi)
          .values({
            ...body,
            ...dims,
            ...quantities(dims, densita),
            materialeId: materialeId!,
            companyId: actor.companyId,
            codice: await nextCode(tx, actor.companyId, 'BL'),
            origine,
            bancataId,
            cavaId,
            stato: origine === 'esterno' ? 'disponibile' : 'in_piazzale',
          })
          .returning();
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'blocco', entityId: row!.id, action: 'create', userId: actor.userId, changes: initialValues(row!, BLOCCO_FIELDS) });
        return get(origine, actor.companyId, row!.id, tx);
      });
    },

    async update(origine: BloccoOrigine, actor: Actor, id: string, body: BloccoUpdate): Promise<Blocco> {
      if (body.codice !== undefined && !actor.isAdmin) throw forbidden('Solo un amministratore può correggere il codice');
      try {
        return await db.transaction(async (tx) => {
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (!locked) throw notFound(NOT_FOUND);
          const current = locked.blocco;
          if (['spedito', 'segato', 'scartato'].includes(current.stato)) {
            throw conflict(`Il blocco è «${BLOCCO_STATO_LABELS[current.stato as BloccoStato]}»: non si può più modificare`);
          }
          await assertUbicazione(actor.companyId, body.ubicazioneId, tx);
          await assertFornitore(actor.companyId, body.fornitoreId, tx);
          const densita = await densitaOf(actor.companyId, body.materialeId ?? current.materialeId, tx);
          // A net measure sent empty goes back to the gross one.
          const { lunghezzaNetta, altezzaNetta, profonditaNetta, ...rest } = body;
          const gross = { lunghezza: rest.lunghezza ?? current.lunghezza, altezza: rest.altezza ?? current.altezza, profondita: rest.profondita ?? current.profondita };
          const dims: Dims = {
            ...gross,
            lunghezzaNetta: lunghezzaNetta === null ? gross.lunghezza : (lunghezzaNetta ?? current.lunghezzaNetta),
            altezzaNetta: altezzaNetta === null ? gross.altezza : (altezzaNetta ?? current.altezzaNetta),
            profonditaNetta: profonditaNetta === null ? gross.profondita : (profonditaNetta ?? current.profonditaNetta),
          };
          assertNetWithinGross(dims);
          const [row] = await tx
            .update(blocchi)
            .set({ ...rest, ...dims, ...quantities(dims, densita), updatedAt: new Date() })
            .where(and(eq(blocchi.id, id), eq(blocchi.companyId, actor.companyId)))
            .returning();
          if (row && row.codice !== current.codice) await entities.codiceChanged(tx, 'blocco', actor.companyId, id, row.codice);
          const changes = diffChanges(current, row!, BLOCCO_FIELDS);
          if (Object.keys(changes).length) {
            await recordAudit(tx, { companyId: actor.companyId, entityType: 'blocco', entityId: id, action: 'update', userId: actor.userId, changes });
          }
          return get(origine, actor.companyId, id, tx);
        });
      } catch (error) {
        throw constraintError(error, { unique: 'Codice già usato da un altro blocco' }) ?? error;
      }
    },

    async changeStato(origine: BloccoOrigine, actor: Actor, id: string, body: BloccoStatoBody): Promise<Blocco> {
      return db.transaction(async (tx) => {
        let set: Partial<Pick<BloccoRow, 'clienteId' | 'opzioneScadenza'>> | undefined;
        if (body.stato === 'opzionato') {
          const cliente = await clienti.find(actor.companyId, body.clienteId!, tx);
          if (!cliente) throw badRequest('Cliente non valido', [{ path: 'clienteId', message: 'Cliente non valido' }]);
          const scadenza = new Date(body.opzioneScadenza!.length === 10 ? `${body.opzioneScadenza}T23:59:59` : body.opzioneScadenza!);
          if (scadenza.getTime() <= Date.now()) {
            throw badRequest("La scadenza dell'opzione deve essere nel futuro", [{ path: 'opzioneScadenza', message: "La scadenza dell'opzione deve essere nel futuro" }]);
          }
          const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
          if (locked?.statoEffettivo === 'opzionato' && locked.blocco.clienteId !== cliente.id) {
            throw conflict(`Il blocco è già opzionato per un altro cliente fino al ${locked.blocco.opzioneScadenza?.toLocaleDateString('it-IT')}`);
          }
          set = { clienteId: cliente.id, opzioneScadenza: scadenza };
        }
        await transition(tx, { companyId: actor.companyId, origine, id, to: body.stato, by: 'manual', userId: actor.userId, note: body.nota, set });
        return get(origine, actor.companyId, id, tx);
      });
    },

    /** Lowers grade or category; the block stays sellable and the reason goes to history. */
    async declassa(origine: BloccoOrigine, actor: Actor, id: string, body: BloccoDeclassaBody): Promise<Blocco> {
      return db.transaction(async (tx) => {
        const locked = await repo.lockInCompany(tx, actor.companyId, origine, id);
        if (!locked) throw notFound(NOT_FOUND);
        const current = locked.blocco;
        if (!BLOCCO_STATI_DECLASSABILI.includes(locked.statoEffettivo as BloccoStato)) {
          throw conflict(`Un blocco «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}» non si può declassare`);
        }
        if (body.scelta && SCELTE.indexOf(body.scelta) <= SCELTE.indexOf(current.scelta as (typeof SCELTE)[number])) {
          throw badRequest(`La nuova scelta deve essere inferiore a «${SCELTA_LABELS[current.scelta as (typeof SCELTE)[number]]}»`, [{ path: 'scelta', message: 'Scegli una scelta inferiore' }]);
        }
        if (body.categoria && CATEGORIE.indexOf(body.categoria) <= CATEGORIE.indexOf(current.categoria as (typeof CATEGORIE)[number])) {
          throw badRequest(`La nuova categoria deve essere inferiore a «${CATEGORIA_LABELS[current.categoria as (typeof CATEGORIE)[number]]}»`, [{ path: 'categoria', message: 'Scegli una categoria inferiore' }]);
        }
        // Irregular blocks are sold by the quintale (trade custom) unless the user says otherwise.
        const unitaPrezzo = body.unitaPrezzo ?? (body.categoria === 'informe' ? 'q' : undefined);
        const set = { ...(body.scelta ? { scelta: body.scelta } : {}), ...(body.categoria ? { categoria: body.categoria } : {}), ...(unitaPrezzo ? { unitaPrezzo } : {}) };
        const [row] = await tx
          .update(blocchi)
          .set({ ...set, updatedAt: new Date() })
          .where(and(eq(blocchi.id, id), eq(blocchi.stato, current.stato)))
          .returning();
        if (!row) throw conflict('Il blocco è stato modificato nel frattempo: ricarica e riprova');
        await recordAudit(tx, { companyId: actor.companyId, entityType: 'blocco', entityId: id, action: 'declassa', userId: actor.userId, changes: diffChanges(current, row, ['scelta', 'categoria', 'unitaPrezzo']), note: body.nota });
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
            throw conflict(`Un blocco «${BLOCCO_STATO_LABELS[locked.statoEffettivo as BloccoStato]}» non si può eliminare`);
          }
          await recordAudit(tx, { companyId: actor.companyId, entityType: 'blocco', entityId: id, action: 'delete', userId: actor.userId, changes: { codice: { from: locked.blocco.codice, to: null } } });
          await tx.delete(blocchi).where(and(eq(blocchi.id, id), eq(blocchi.stato, locked.blocco.stato)));
        });
      } catch (error) {
        throw constraintError(error, { foreignKey: 'Il blocco è collegato ad altri dati: non si può eliminare' }) ?? error;
      }
    },

    export(origine: BloccoOrigine, companyId: string, filter: BloccoFilter, format: 'csv' | 'xlsx', onError?: (e: unknown) => void): Promise<ExportStream> {
      const rows = (async function* () {
        for await (const batch of repo.batches(db, repo.filterWhere(companyId, origine, filter))) yield batch.map(toBloccoDto);
      })();
      const columns = [
        { header: 'Codice', value: (b: Blocco) => b.codice, width: 16 },
        ...(origine === 'interno'
          ? [
              { header: 'Bancata', value: (b: Blocco) => b.bancata?.codice ?? null, width: 16 },
              { header: 'Cava', value: (b: Blocco) => b.cava?.nome ?? null },
            ]
          : [
              { header: 'Fornitore', value: (b: Blocco) => b.fornitore?.ragioneSociale ?? null, width: 30 },
              { header: 'N. fornitore', value: (b: Blocco) => b.numeroFornitore },
              { header: 'Data acquisto', value: (b: Blocco) => (b.dataAcquisto ? new Date(b.dataAcquisto) : null), numFmt: 'dd/mm/yyyy' },
              { header: 'Prezzo acquisto €', value: (b: Blocco) => b.prezzoAcquisto, numFmt: '#,##0.00' },
            ]),
        { header: 'Materiale', value: (b: Blocco) => b.materiale.nome },
        { header: 'Stato', value: (b: Blocco) => BLOCCO_STATO_LABELS[b.stato] },
        { header: 'Scelta', value: (b: Blocco) => SCELTA_LABELS[b.scelta] },
        { header: 'Categoria', value: (b: Blocco) => CATEGORIA_LABELS[b.categoria] },
        { header: 'Difetti', value: (b: Blocco) => b.difetti.map((d) => DIFETTO_LABELS[d]).join(', ') || null, width: 24 },
        { header: 'Lungh. cm', value: (b: Blocco) => b.lunghezza, width: 10 },
        { header: 'Alt. cm', value: (b: Blocco) => b.altezza, width: 10 },
        { header: 'Prof. cm', value: (b: Blocco) => b.profondita, width: 10 },
        { header: 'Volume lordo m³', value: (b: Blocco) => b.volumeLordo, numFmt: '0.000' },
        { header: 'Volume netto m³', value: (b: Blocco) => b.volumeNetto, numFmt: '0.000' },
        { header: 'Peso teorico t', value: (b: Blocco) => b.pesoTeorico, numFmt: '0.00' },
        { header: 'Ubicazione', value: (b: Blocco) => b.ubicazione?.nome ?? null },
        { header: 'Cliente', value: (b: Blocco) => b.cliente?.ragioneSociale ?? null, width: 30 },
        { header: 'Tracciabilità', value: (b: Blocco) => b.codiceTracciabilita },
        { header: 'Creato il', value: (b: Blocco) => new Date(b.createdAt), numFmt: 'dd/mm/yyyy' },
      ];
      return streamExport({ format, columns, batches: rows, sheet: origine === 'interno' ? 'Blocchi' : 'Blocchi esterni', baseName: origine === 'interno' ? 'blocchi' : 'blocchi-esterni', onError });
    },

    /**
     * Writes expired options back to `disponibile` with a history row by the system. One instance at a
     * time (advisory lock); reads and guarded updates already treat them as available meanwhile.
     */
    async sweepExpiredOptions(): Promise<number> {
      return db.transaction(async (tx) => {
        const lock = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`);
        if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return 0;
        const expired = await tx
          .update(blocchi)
          .set({ stato: 'disponibile', clienteId: null, opzioneScadenza: null, updatedAt: new Date() })
          .where(and(eq(blocchi.stato, 'opzionato'), lte(blocchi.opzioneScadenza, sql`now()`)))
          .returning({ id: blocchi.id, companyId: blocchi.companyId });
        await recordAuditMany(
          tx,
          expired.map((b) => ({ companyId: b.companyId, entityType: 'blocco', entityId: b.id, action: 'stato', userId: null, changes: { stato: { from: 'opzionato', to: 'disponibile' } }, note: 'Opzione scaduta' })),
        );
        return expired.length;
      });
    },
  };
}

