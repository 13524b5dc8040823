import type { DdtDaSpedire } from '@gestcava/contracts';
import { otherCompanies } from '../../lib/companies.js';
import { lastreVendute, venditeLotti, type LastraVenduta } from '../magazzino/stock.reads.js';
import type { DdtDeps } from './ddt.common.js';
import { blocchiVenduti } from './ddt.elementi.js';
import { daSpedireLotto, elementoBlocco, elementoLastra, elementoPacco } from './ddt.mapper.js';
import { partenzaDefault, type createDdtParty, type PartyQuery } from './ddt.party.js';

// What a new DDT is written from: what is sold and not shipped, and whom it may go to.

/** Slabs sold with the rest of their bundle travel as the bundle; the others one by one. */
function perPacco(slabs: LastraVenduta[]) {
  const whole = new Map<string, LastraVenduta[]>();
  for (const l of slabs.filter((x) => x.altre === 0))
    whole.set(l.paccoId, [...(whole.get(l.paccoId) ?? []), l]);
  return {
    pacchi: [...whole.values()].map(elementoPacco),
    lastre: slabs.filter((x) => x.altre > 0).map(elementoLastra),
  };
}

export function createDdtDaSpedire(
  { db, clienti }: DdtDeps,
  { partyOf }: ReturnType<typeof createDdtParty>,
) {
  /**
   * What is sold to the party and not shipped. A group company is reached through its cliente record,
   * only looked up here (a GET writes nothing): without one nothing was ever sold to it.
   */
  async function daSpedire(companyId: string, query: PartyQuery): Promise<DdtDaSpedire> {
    const party = await partyOf(db, companyId, query, false);
    const luogoPartenza = await partenzaDefault(db, companyId);
    if (!party)
      return { destinatario: null, blocchi: [], pacchi: [], lastre: [], lotti: [], luogoPartenza };
    const [bs, slabs, sales] = await Promise.all([
      blocchiVenduti(db, companyId, party.clienteId),
      lastreVendute(db, companyId, party.clienteId),
      venditeLotti(db, companyId, party.clienteId),
    ]);
    return {
      destinatario: party.destinatario,
      blocchi: bs.map(elementoBlocco),
      ...perPacco(slabs),
      lotti: sales.map(daSpedireLotto),
      luogoPartenza,
    };
  }

  return {
    daSpedire,
    /** The new DDT's pickers under spedizioni (docs/api.md "Shape of the API"): the clienti by name, and the group's other companies. */
    pickClienti: (companyId: string, q: string | undefined) => clienti.pick(companyId, q),
    async ditte(companyId: string) {
      return (await otherCompanies(db, companyId)).map((c) => ({ _id: c.id, name: c.name }));
    },
  };
}
