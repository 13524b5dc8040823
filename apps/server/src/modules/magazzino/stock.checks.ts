import { RISERVA_MAX_GIORNI } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import { addDays, italianDate, todayInRome } from '../../lib/dates.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { LookupsService } from '../lookups/lookups.service.js';

export type StockChecks = ReturnType<typeof createStockChecks>;

/** What every stock operation checks in its body: the cliente, the place, a reservation's last day. */
export function createStockChecks(deps: {
  clienti: AnagraficaService;
  ubicazioni: LookupsService<'ubicazioni'>;
}) {
  const { clienti, ubicazioni } = deps;
  return {
    async cliente(tx: DbOrTx, companyId: string, id: string) {
      const row = await clienti.find(companyId, id, tx);
      if (!row || !row.attivo)
        throw badRequest('Cliente non valido', [
          { path: 'clienteId', message: 'Cliente non valido o non attivo' },
        ]);
      return row;
    },
    async ubicazione(tx: DbOrTx, companyId: string, id: string) {
      const row = await ubicazioni.find(companyId, id, tx);
      if (!row || !row.attiva)
        throw badRequest('Ubicazione non valida', [
          { path: 'ubicazioneId', message: 'Ubicazione non valida' },
        ]);
      return row;
    },
    scadenza(scadenza: string) {
      const today = todayInRome();
      if (scadenza < today)
        throw badRequest('La scadenza è già passata', [
          {
            path: 'scadenza',
            message: `La scadenza non può essere prima di oggi (${italianDate(today)})`,
          },
        ]);
      const max = addDays(today, RISERVA_MAX_GIORNI);
      if (scadenza > max)
        throw badRequest('Scadenza troppo lontana', [
          { path: 'scadenza', message: `Al massimo un anno: entro il ${italianDate(max)}` },
        ]);
    },
  };
}
