import { numeroDdt } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fatture, fattureDdtRighe, fattureRighe } from '../../db/schema/fatture.js';
import { conflict } from '../../lib/app-error.js';
import { companyScope } from '../../lib/company-table.js';

/**
 * A DDT whose lines an emitted invoice names is not cancelled (docs/fatture.md): its goods would go
 * back to "sold", leave on another DDT and be invoiced twice. Run by the DDT's cancel, in its
 * transaction.
 */
export async function refuseAnnullaOfInvoicedDdt(
  tx: DbOrTx,
  companyId: string,
  ddtId: string,
): Promise<void> {
  const [fattura] = await tx
    .select({ numero: fatture.numero, anno: fatture.anno })
    .from(fattureRighe)
    .innerJoin(fattureDdtRighe, eq(fattureDdtRighe.ddtRigaId, fattureRighe.ddtRigaId))
    .innerJoin(fatture, eq(fatture.id, fattureDdtRighe.fatturaId))
    .where(companyScope(fatture, companyId, eq(fattureRighe.ddtId, ddtId)))
    .limit(1);
  if (fattura?.numero)
    throw conflict(
      `Il DDT è fatturato con la fattura ${numeroDdt(fattura.numero, fattura.anno!)}: non si annulla (una fattura emessa si corregge con una nota di credito)`,
    );
}
