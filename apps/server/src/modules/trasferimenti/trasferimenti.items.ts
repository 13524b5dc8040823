import type { TrasferimentoCreate } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { trasferisciBlocco } from './trasferimenti.blocco.js';
import type { TransferContext } from './trasferimenti.common.js';
import type { TrasferimentiDeps } from './trasferimenti.create.js';
import { trasferisciLotto } from './trasferimenti.lotto.js';
import { trasferisciPacco } from './trasferimenti.pacco.js';

export { allowed, PAGE_OF, type TransferContext } from './trasferimenti.common.js';

type Item<K extends 'blocchi' | 'pacchi' | 'lotti'> = TrasferimentoCreate[K][number];

/**
 * Each kind of item moved out of the sender and into the receiver, as one line of the transfer: one
 * file per kind (`trasferimenti.blocco.ts`, `.pacco.ts`, `.lotto.ts`), sharing `trasferimenti.common.ts`.
 */
export function createTrasferimentiItems(deps: TrasferimentiDeps) {
  return {
    trasferisciBlocco: (tx: DbOrTx, t: TransferContext, item: Item<'blocchi'>) =>
      trasferisciBlocco(deps, tx, t, item),
    trasferisciPacco: (tx: DbOrTx, t: TransferContext, item: Item<'pacchi'>) =>
      trasferisciPacco(deps, tx, t, item),
    trasferisciLotto: (tx: DbOrTx, t: TransferContext, item: Item<'lotti'>) =>
      trasferisciLotto(deps, tx, t, item),
  };
}
