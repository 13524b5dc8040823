import { sql, type SQL } from 'drizzle-orm';
import { trasferimenti, trasferimentiRighe } from '../../db/schema/index.js';
import { companyAlias } from '../../lib/company-table.js';

// What other modules may read of the transfers (docs/architecture.md "Reading another module's rows"):
// the price a group company bought an item at, which an invoice of the sender charges.

/**
 * `prezzo` of the company's transfer of its bundle `paccoId` (an SQL expression of the caller's row),
 * as a raw `select` for a lateral join; at most one row.
 */
export function prezzoTrasferimentoPaccoSql(companyId: string, paccoId: SQL): SQL {
  const tr = companyAlias(trasferimenti, 'tr');
  return sql`select t.prezzo from ${trasferimentiRighe} t join ${tr.from} on tr.id = t.trasferimento_id
    where ${tr.scope(companyId)} and t.tipo = 'pacco' and t.origine_id = ${paccoId}
    limit 1`;
}
