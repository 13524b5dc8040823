import type { AuditChanges } from '../../db/schema/index.js';
import type { AuditEntry } from '../../lib/audit.js';

/** Who changed the slab: a user, or the system (`userId: null`) when a reservation runs out. */
export interface LastraStatoBy {
  companyId: string;
  userId: string | null;
}

/**
 * The history row of a slab whose state changed, the one shape every such change writes (a sale, a
 * shipment, a reservation, a lavorazione taking it): action `stato`, its `{ stato: { from, to } }`
 * first, then what changed with it (the customer, the reservation's end) and the note.
 */
export function lastraStatoEntry(
  by: LastraStatoBy,
  lastraId: string,
  stato: { from: string; to: string },
  more: { changes?: AuditChanges; note?: string | null } = {},
): AuditEntry {
  return {
    companyId: by.companyId,
    entityType: 'lastra',
    entityId: lastraId,
    action: 'stato',
    userId: by.userId,
    changes: { stato: { from: stato.from, to: stato.to }, ...more.changes },
    note: more.note ?? null,
  };
}
