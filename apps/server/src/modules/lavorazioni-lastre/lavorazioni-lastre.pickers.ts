import type { AnagraficaPickerItem, BloccoSegabile, MacchinaPicker } from '@gestcava/contracts';
import type { LavorazioniLastreDeps } from './lavorazioni-lastre.core.js';

/** What the plan's form picks from: blocks to saw, active machines, terzisti. */
export function createLavorazioniLastrePickers(deps: LavorazioniLastreDeps) {
  const { blocchi, macchine, fornitori } = deps;
  return {
    /** Blocks that may be planned: `disponibile`, own or bought-in, without an open sawing. */
    segabili(companyId: string, q: string | undefined): Promise<BloccoSegabile[]> {
      return blocchi.segabili(companyId, q);
    },

    async macchine(companyId: string): Promise<MacchinaPicker[]> {
      return (await macchine.list(companyId))
        .filter((m) => m.attiva)
        .map((m) => ({
          _id: m._id,
          nome: m.nome,
          tipo: m.tipo,
          kerfMm: m.kerfMm,
          rifiloMm: m.rifiloMm,
        }));
    },

    terzisti(companyId: string, q: string | undefined): Promise<AnagraficaPickerItem[]> {
      return fornitori.pick(companyId, q);
    },
  };
}
