import { ENTITY_PAGES } from '@gestcava/contracts';

/**
 * The Nuova fattura page for a cliente with DDTs ticked (the Fatture page's URL contract):
 * `/app/pages/fatture/nuova?clienteId=<id>&ddt=<id,id>`. The DDT's page links it so, with its DDT.
 */
export function nuovaFatturaPath(clienteId: string, ddtIds: readonly string[] = []): string {
  const params = [`clienteId=${encodeURIComponent(clienteId)}`];
  if (ddtIds.length) params.push(`ddt=${ddtIds.map(encodeURIComponent).join(',')}`);
  return `${ENTITY_PAGES.fattura.path}/nuova?${params.join('&')}`;
}
