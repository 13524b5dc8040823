import { ENTITY_PAGES, type LastraStato } from '@gestcava/contracts';

/** Who receives the DDT: a cliente, or a group company (a transfer). */
export type DdtParty = { clienteId: string } | { destinazioneCompanyId: string };

/** What the new DDT starts with ticked: blocks, bundles, loose slabs and tile sales (their ids). */
export interface DdtItems {
  blocchi?: readonly string[];
  pacchi?: readonly string[];
  lastre?: readonly string[];
  /** the tile sales' ids (a lot line of a DDT is its sale), not the lots' */
  lotti?: readonly string[];
}

const KINDS = ['blocchi', 'pacchi', 'lastre', 'lotti'] as const;

/**
 * The Nuovo DDT page for a party with items ticked (the Spedizioni page's URL contract):
 * `/app/pages/spedizioni/nuovo?clienteId=<id>` or `?destinazioneCompanyId=<id>`, then
 * `&blocchi=<id,id>&pacchi=<ids>&lastre=<ids>&lotti=<ids>` for the kinds that have any.
 */
export function nuovoDdtPath(party: DdtParty, items: DdtItems = {}): string {
  const params = [
    'clienteId' in party
      ? `clienteId=${encodeURIComponent(party.clienteId)}`
      : `destinazioneCompanyId=${encodeURIComponent(party.destinazioneCompanyId)}`,
  ];
  for (const kind of KINDS) {
    const ids = items[kind] ?? [];
    if (ids.length) params.push(`${kind}=${ids.map(encodeURIComponent).join(',')}`);
  }
  return `${ENTITY_PAGES.ddt.path}/nuovo?${params.join('&')}`;
}

/**
 * A bundle's slabs sold to the cliente and not shipped, as DDT lines: the whole bundle when every
 * slab of it that is not broken is so (it travels as one collo, as the server counts it), else those
 * slabs one by one.
 */
export function lastreDaSpedire(
  paccoId: string,
  lastre: ReadonlyArray<{ _id: string; stato: LastraStato; cliente: { _id: string } | null }>,
  clienteId: string,
): DdtItems {
  const vendute = lastre.filter((l) => l.stato === 'venduta' && l.cliente?._id === clienteId);
  if (vendute.length === 0) return {};
  const intero = lastre.every((l) => l.stato === 'rotta' || vendute.includes(l));
  return intero ? { pacchi: [paccoId] } : { lastre: vendute.map((l) => l._id) };
}

/** The clienti some slabs of a bundle are sold to and not yet shipped, each once, in slab order. */
export function clientiDaSpedire<C extends { _id: string }>(
  lastre: ReadonlyArray<{ stato: LastraStato; cliente: C | null }>,
): C[] {
  const seen = new Map<string, C>();
  for (const l of lastre)
    if (l.stato === 'venduta' && l.cliente && !seen.has(l.cliente._id))
      seen.set(l.cliente._id, l.cliente);
  return [...seen.values()];
}
