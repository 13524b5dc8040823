import type { Collaudo } from '@gestcava/contracts';
import { CreaDdtButton } from '@/components/stock/crea-ddt';
import { blocchiDaSpedire } from '../model/nuovo-ddt';

/** "Crea DDT" on a confirmed collaudo: the new DDT for its cliente, with the sold blocks still in the yard ticked. */
export function CreaDdtCollaudo({ collaudo }: { collaudo: Collaudo }) {
  const blocchi = blocchiDaSpedire(collaudo);
  if (blocchi.length === 0) return null;
  return (
    <CreaDdtButton
      party={{ clienteId: collaudo.cliente._id }}
      items={{ blocchi }}
      testId="collaudo-crea-ddt"
    />
  );
}
