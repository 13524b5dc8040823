import { Link } from 'react-router';
import type { Collaudo } from '@gestcava/contracts';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { nuovoDdtPath } from '@/components/stock/nuovo-ddt-path';
import { blocchiDaSpedire } from '../model/nuovo-ddt';

/** "Crea DDT" on a confirmed collaudo: the new DDT for its cliente, with the sold blocks still in the yard ticked. */
export function CreaDdtButton({ collaudo }: { collaudo: Collaudo }) {
  const { user } = useSession();
  const blocchi = blocchiDaSpedire(collaudo);
  if (blocchi.length === 0 || !can(user, 'spedizioni', 'write')) return null;
  return (
    <Link to={nuovoDdtPath({ clienteId: collaudo.cliente._id }, { blocchi })} className="p-button p-component" data-testid="collaudo-crea-ddt">
      <i className="pi pi-truck mr-2" aria-hidden="true" />
      <span className="p-button-label">Crea DDT</span>
    </Link>
  );
}
