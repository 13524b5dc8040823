import type { Trasferimento } from '@gestcava/contracts';
import type { DdtItems, DdtParty } from '@/components/stock/nuovo-ddt-path';

/**
 * The DDT a transfer travels with (causale trasferimento): to the receiving company, its blocks and
 * bundles ticked, and its lots' sales (the answer that made it names them).
 */
export function ddtOfTrasferimento(t: Trasferimento): {
  party: DdtParty;
  items: DdtItems;
  text: string;
} {
  const ids = (tipo: 'blocco' | 'pacco') =>
    t.righe.filter((r) => r.tipo === tipo).map((r) => r.itemId);
  const lotti = t.righe.flatMap((r) => (r.tipo === 'lotto' && r.venditaId ? [r.venditaId] : []));
  return {
    party: { destinazioneCompanyId: t.destinazione._id },
    items: { blocchi: ids('blocco'), pacchi: ids('pacco'), lotti },
    text: `Trasferimento a ${t.destinazione.name} registrato`,
  };
}
