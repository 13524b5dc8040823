import { Link } from 'react-router';
import { detailPath, type Trasferimento } from '@gestcava/contracts';
import { formatArea, formatEuro, formatInteger } from '@/lib/format';
import { can } from '@/lib/permissions';
import { pageOfDetailPath } from '@gestcava/contracts';
import { useSession } from '@/lib/session';

const TIPO = { blocco: 'Blocco', pacco: 'Pacco', lotto: 'Lotto' } as const;

/** A transfer's items as the caller's company sees them: its own rows, linked where the user may go. */
export function TrasferimentoRighe({ trasferimento }: { trasferimento: Trasferimento }) {
  const { user } = useSession();
  return (
    <ul className="trasferimento-righe">
      {trasferimento.righe.map((r) => {
        const path = detailPath(r.kind, r.itemId);
        const page = pageOfDetailPath(path);
        const quantita =
          r.tipo === 'blocco'
            ? ''
            : r.tipo === 'lotto'
              ? ` · ${formatInteger(r.pezzi)} pezzi, ${formatArea(r.mq)}`
              : ` · ${formatInteger(r.pezzi)} lastre, ${formatArea(r.mq)}`;
        return (
          <li key={`${r.tipo}-${r.itemId}`}>
            {TIPO[r.tipo]}{' '}
            {page && can(user, page, 'read') ? (
              <Link to={path}>{r.codice}</Link>
            ) : (
              <span>{r.codice}</span>
            )}
            <span className="text-color-secondary">
              {quantita} · {formatEuro(r.prezzo)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
