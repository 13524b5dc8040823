import type { Dashboard, PermissionSubject } from '@gestcava/contracts';
import type { DashboardDeps } from './dashboard.common.js';
import { agendaOf, attivitaOf } from './dashboard.agenda.js';
import { loadFigures } from './dashboard.load.js';
import { blocchiOf, collaudiOf, produzioneOf, reseOf } from './dashboard.tiles.js';

/**
 * The dashboard: every figure from SQL aggregates in the repository; `dashboard.load.ts` decides
 * which of them the user may see (`can(user, page, 'read')` on the page that explains each number)
 * and asks only for those, so a hidden tile costs no query either. The tiles
 * (`dashboard.tiles.ts`) and the two lists (`dashboard.agenda.ts`) are made from its rows.
 */
export function createDashboardService(deps: DashboardDeps) {
  return {
    async get(companyId: string, user: PermissionSubject): Promise<Dashboard> {
      const f = await loadFigures(deps, companyId, user);
      return {
        oggi: f.oggi,
        produzione: produzioneOf(f.oggi, f.righe, f.bancateMese),
        blocchi: {
          interni: blocchiOf(f.origini, f.perStato, 'interno'),
          esterni: blocchiOf(f.origini, f.perStato, 'esterno'),
        },
        lastre: f.lastre,
        pavimenti: f.pavimenti,
        collaudi: collaudiOf(f.settimana),
        rese: reseOf(f.bancate),
        attivita: attivitaOf(deps.entities, f.audit),
        agenda: agendaOf(deps.entities, f),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
