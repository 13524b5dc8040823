import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { movimenti } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';

// The guarded updates of a tile sale's shipped pieces (docs/domain.md "Spedizione (DDT)"): a DDT ships part
// or all of a sale (a lot's `scarico` or `trasferimento` to a cliente); the pieces it ships are added
// only while they fit in what was sold and not yet shipped, and taken back only while they are there.

const venditaLotto = (companyId: string, id: string) =>
  companyScope(
    movimenti,
    companyId,
    eq(movimenti.id, id),
    isNotNull(movimenti.lottoId),
    inArray(movimenti.tipo, ['scarico', 'trasferimento']),
  );

/** Adds `n` shipped pieces to the sale if it was sold to `clienteId` and has them unshipped; the sale after, or undefined. */
export async function spedisciPezzi(
  tx: DbOrTx,
  companyId: string,
  id: string,
  clienteId: string,
  n: number,
) {
  const [row] = await tx
    .update(movimenti)
    .set({ pezziSpediti: sql`${movimenti.pezziSpediti} + ${n}` })
    .where(
      and(
        venditaLotto(companyId, id),
        eq(movimenti.clienteId, clienteId),
        sql`${movimenti.pezziSpediti} + ${n} <= -${movimenti.pezzi}`,
      ),
    )
    .returning({ id: movimenti.id, lottoId: movimenti.lottoId, bloccoId: movimenti.bloccoId });
  return row;
}

/** Takes `n` shipped pieces back (a cancelled DDT); the sale after, or undefined. */
export async function rientraPezzi(tx: DbOrTx, companyId: string, id: string, n: number) {
  const [row] = await tx
    .update(movimenti)
    .set({ pezziSpediti: sql`${movimenti.pezziSpediti} - ${n}` })
    .where(and(venditaLotto(companyId, id), gte(movimenti.pezziSpediti, n)))
    .returning({ id: movimenti.id, lottoId: movimenti.lottoId, bloccoId: movimenti.bloccoId });
  return row;
}
