import {
  sumRounded,
  type Page,
  type PageKey,
  type Trasferimento,
  type TrasferimentoListQuery,
} from '@gestcava/contracts';
import { notFound } from '../../lib/app-error.js';
import { toPage } from '../../lib/pagination.js';
import * as repo from './trasferimenti.repository.js';

import { PAGE_OF } from './trasferimenti.items.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';

export type TrasferimentiQueries = ReturnType<typeof createTrasferimentiQueries>;

/** The transfers the company is part of, as each side sees them. */
export function createTrasferimentiQueries({ db }: TrasferimentiDeps) {
  return {
    /** The group companies a transfer may go to. */
    async destinazioni(companyId: string) {
      return (await repo.otherCompanies(db, companyId)).map((c) => ({ _id: c.id, name: c.name }));
    },
    list,
    get,
  };

  async function get(
    companyId: string,
    id: string,
    mayRead: MayRead = () => true,
  ): Promise<Trasferimento> {
    const [found] = (await list(companyId, { page: 1, limit: 1, id }, mayRead)).items;
    if (!found) throw notFound('Trasferimento non trovato');
    return found;
  }

  /**
   * Transfers the company is part of. Each row shows only the kinds of item the user's pages let them
   * read (a slabs-only clerk does not see the lots and their prices), and the total is of those rows.
   */
  async function list(
    companyId: string,
    query: TrasferimentoListQuery | { page: number; limit: number; id: string },
    mayRead: MayRead = () => true,
  ): Promise<Page<Trasferimento>> {
    const readable = (Object.keys(PAGE_OF) as Array<keyof typeof PAGE_OF>).filter((kind) =>
      mayRead(PAGE_OF[kind]),
    );
    const { items, counted } = await repo.page(db, companyId, query, readable);
    const righe = await repo.righeOf(
      db,
      items.map((i) => i.trasferimento.id),
    );
    return toPage(
      items.map((row) => toTrasferimentoDto(row, righe, companyId, mayRead)),
      counted,
      query.page,
      query.limit,
    );
  }
}

type Row = Awaited<ReturnType<typeof repo.page>>['items'][number];
type RigaRow = Awaited<ReturnType<typeof repo.righeOf>>[number];

/**
 * A transfer as the caller's side sees it: its own row of every item (the other company's rows stay
 * its own), only the kinds the user may read, and the total of those.
 */
function toTrasferimentoDto(
  { trasferimento: t, origineNome, destinazioneNome, utente }: Row,
  righe: RigaRow[],
  companyId: string,
  mayRead: MayRead,
): Trasferimento {
  const uscita = t.companyId === companyId;
  const visible = righe
    .filter((r) => r.riga.trasferimentoId === t.id)
    .filter((r) => mayRead(pageOfRiga(r, uscita)));
  return {
    _id: t.id,
    direzione: uscita ? 'uscita' : 'entrata',
    origine: { _id: t.companyId, name: origineNome },
    destinazione: { _id: t.destinazioneCompanyId, name: destinazioneNome },
    documento: t.documento,
    note: t.note,
    righe: visible.map((r) => toRigaDto(r, uscita)),
    totale: sumRounded(
      visible.map((r) => r.riga.prezzo),
      2,
    ),
    // who sent it is the sender's business: the receiver sees the company only
    utente: uscita && t.userId && utente ? { _id: t.userId, name: utente } : null,
    createdAt: t.createdAt.toISOString(),
  } satisfies Trasferimento;
}

/** One item on the caller's side: its code and row there, and its kind (a block is own or bought-in there). */
function toRigaDto({ riga: r, origineBlocco, destinazioneBlocco }: RigaRow, uscita: boolean) {
  const origine = uscita ? origineBlocco : destinazioneBlocco;
  return {
    tipo: r.tipo,
    kind: r.tipo === 'blocco' ? (origine === 'interno' ? 'blocco' : 'blocco-esterno') : r.tipo,
    codice: uscita ? r.codice : r.codiceDestinazione,
    itemId: uscita ? r.origineId : r.destinazioneId,
    pezzi: r.pezzi,
    mq: r.mq,
    prezzo: r.prezzo,
  } satisfies Trasferimento['righe'][number];
}

/** Whether the user may read a page (`can(user, page, 'read')`). */
export type MayRead = (page: PageKey) => boolean;

/** The page an item of a transfer belongs to, on the caller's side (a block is own or bought-in there). */
function pageOfRiga(
  r: { riga: { tipo: string }; origineBlocco: string | null; destinazioneBlocco: string | null },
  uscita: boolean,
): PageKey {
  if (r.riga.tipo === 'pacco' || r.riga.tipo === 'lotto') return PAGE_OF[r.riga.tipo];
  return (uscita ? r.origineBlocco : r.destinazioneBlocco) === 'interno'
    ? PAGE_OF.interno
    : PAGE_OF.esterno;
}
