import { ENTITY_PAGES } from '@gestcava/contracts';

/**
 * The Nuova fattura page for a cliente with DDTs ticked (the Fatture page's URL contract):
 * `/app/pages/fatture/nuova?clienteId=<id>&cliente=<name>&ddt=<id,id>`. The DDT's page links it so,
 * with its DDT; the name only shows in the cliente's field until the user changes it.
 */
export function nuovaFatturaPath(
  cliente: { _id: string; ragioneSociale: string },
  ddtIds: readonly string[] = [],
): string {
  const params = [
    `clienteId=${encodeURIComponent(cliente._id)}`,
    `cliente=${encodeURIComponent(cliente.ragioneSociale)}`,
  ];
  if (ddtIds.length) params.push(`ddt=${ddtIds.map(encodeURIComponent).join(',')}`);
  return `${ENTITY_PAGES.fattura.path}/nuova?${params.join('&')}`;
}
