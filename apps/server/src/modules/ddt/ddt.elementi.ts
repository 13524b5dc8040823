import {
  numeroDdt,
  type DdtElemento,
  type DdtRigaInput,
  controllaInizioTrasporto,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { todayInRome } from '../../lib/dates.js';
import { blocchiVenduti as blocchiRows, codiceBlocco } from '../blocchi/blocchi.reads.js';
import { righeAccettate } from '../collaudi/collaudi.reads.js';
import { codiceStock, lastreVendute, venditeLotti } from '../magazzino/stock.reads.js';
import { elementiPartyOf, LABEL, type ElementiParty } from './ddt.common.js';
import {
  elementoBlocco,
  elementoLastra,
  elementoLotto,
  elementoPacco,
  type BloccoVenduto,
} from './ddt.mapper.js';
import * as repo from './ddt.repository.js';

// The lines of a DDT as they stand now: each item sold to the party and not shipped, read through the
// blocks', collaudi's and stock's own read functions, or the 404/409 that names the one that is not.

const MISSING = {
  blocco: 'Blocco non trovato',
  pacco: 'Pacco non trovato',
  lastra: 'Lastra non trovata',
  lotto: 'Vendita di pavimenti non trovata',
} as const;

/** Blocks sold to the cliente, each with the row of the last confirmed collaudo that accepted it. */
export async function blocchiVenduti(
  db: DbOrTx,
  companyId: string,
  clienteId: string,
  ids?: readonly string[],
): Promise<BloccoVenduto[]> {
  const blocks = await blocchiRows(db, companyId, clienteId, ids);
  const accettate = await righeAccettate(
    db,
    companyId,
    blocks.map((b) => b.id),
  );
  return blocks.map((b) => ({ ...b, collaudo: accettate.get(b.id) ?? null }));
}

const codiceOf = (db: DbOrTx, companyId: string, riga: DdtRigaInput) =>
  riga.entityType === 'blocco'
    ? codiceBlocco(db, companyId, riga.id)
    : codiceStock(db, companyId, riga.entityType, riga.id);

/**
 * Why a line cannot ship: 404 when the item is not in the company, else a 409 that names it and,
 * when it already left, the DDT it left with.
 */
async function refusal(
  tx: DbOrTx,
  companyId: string,
  riga: DdtRigaInput,
  party: ElementiParty,
): Promise<never> {
  const codice = await codiceOf(tx, companyId, riga);
  if (!codice) throw notFound(MISSING[riga.entityType]);
  const partito = (await repo.ddtOfItem(tx, companyId, riga.id))
    .filter((d) => d.stato === 'emesso' && d.id !== party.ddtId)
    .at(-1);
  const femminile = riga.entityType === 'lastra';
  const spedito = femminile ? 'spedita' : 'spedito';
  if (partito?.numero && partito.anno) {
    const con = `con il DDT ${numeroDdt(partito.numero, partito.anno)}`;
    throw conflict(
      riga.entityType === 'lotto'
        ? `La vendita del lotto ${codice} a ${party.nome} è già spedita ${con}: toglila dal DDT`
        : `${LABEL[riga.entityType]} ${codice} è già ${spedito} ${con}: toglilo dal DDT`,
    );
  }
  const trasferito = party.causale === 'trasferimento';
  const venduto = `${trasferito ? 'trasferit' : 'vendut'}${femminile ? 'a' : 'o'}`;
  const what =
    riga.entityType === 'lotto'
      ? `La vendita del lotto ${codice} a ${party.nome} non ha pezzi da spedire`
      : `${LABEL[riga.entityType]} ${codice} non è ${venduto} a ${party.nome} o è già ${spedito}`;
  throw conflict(`${what}: toglilo dal DDT`);
}

/** The lines as they stand now: each item sold to the party and not shipped, or 404/409 naming it. */
export async function elementi(
  tx: DbOrTx,
  companyId: string,
  party: ElementiParty,
  righe: readonly DdtRigaInput[],
): Promise<DdtElemento[]> {
  const ids = (t: DdtRigaInput['entityType']) =>
    righe.filter((r) => r.entityType === t).map((r) => r.id);
  const [bs, slabs, packs, sales] = [
    await blocchiVenduti(tx, companyId, party.clienteId, ids('blocco')),
    await lastreVendute(tx, companyId, party.clienteId, { ids: ids('lastra') }),
    await lastreVendute(tx, companyId, party.clienteId, { paccoIds: ids('pacco') }),
    await venditeLotti(tx, companyId, party.clienteId, ids('lotto')),
  ];
  const refuse = (r: DdtRigaInput) => refusal(tx, companyId, r, party);
  const out: DdtElemento[] = [];
  for (const r of righe) {
    const same = (id: string) => id === r.id.toLowerCase();
    if (r.entityType === 'blocco') {
      const b = bs.find((x) => same(x.id));
      out.push(b ? elementoBlocco(b) : await refuse(r));
    } else if (r.entityType === 'lastra') {
      const l = slabs.find((x) => same(x.id));
      if (l && ids('pacco').some((p) => p.toLowerCase() === l.paccoId))
        throw badRequest(`La lastra ${l.codice} è già nel DDT con il suo pacco ${l.paccoCodice}`);
      out.push(l ? elementoLastra(l) : await refuse(r));
    } else if (r.entityType === 'pacco') {
      const mine = packs.filter((x) => same(x.paccoId));
      if (mine.length === 0) await refuse(r);
      if (mine.some((x) => x.altre > 0))
        throw conflict(
          `Il pacco ${mine[0]!.paccoCodice} non è venduto per intero a ${party.nome}: spedisci le sue lastre vendute una per una`,
        );
      out.push(elementoPacco(mine));
    } else {
      const v = sales.find((x) => same(x.id)) ?? (await refuse(r));
      const restano = v.venduti - v.spediti;
      if ((r.pezzi ?? restano) > restano)
        throw conflict(
          `La vendita del lotto ${v.codice} ha ${restano} pezzi da spedire, non ${r.pezzi}`,
        );
      out.push(elementoLotto(v, r.pezzi ?? restano));
    }
  }
  return out;
}

/** What a draft's reader should know before emitting it: items gone meanwhile, a late start. */
export async function avvisiBozza(
  tx: DbOrTx,
  companyId: string,
  d: repo.DdtRow,
  righe: DdtRigaInput[],
): Promise<string[]> {
  const avvisi: string[] = [];
  const party = elementiPartyOf(d);
  const refused = async (lines: DdtRigaInput[]) => {
    try {
      await elementi(tx, companyId, party, lines);
      return false;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (lines.length === 1) avvisi.push(error.message);
      return true;
    }
  };
  // all the lines in one read; line by line only when one of them no longer ships
  if ((await refused(righe)) && righe.length > 1) for (const riga of righe) await refused([riga]);
  const { errore, avviso } = controllaInizioTrasporto(d.inizioTrasporto, todayInRome());
  if (errore ?? avviso) avvisi.push((errore ?? avviso)!);
  return avvisi;
}
