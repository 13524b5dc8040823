import { MOVIMENTO_TIPO_LABELS } from '@gestcava/contracts';
import { SectionCard } from '@/components/section-card';
import { formatArea, formatDateTime, formatEuro, formatInteger } from '@/lib/format';
import { useMovimenti } from '../api/get-movimenti';

/** The stock ledger of one bundle or slab (DESIGN §4): what moved, how much, who, when and why. */
export function MovimentiSection({ paccoId, lastraId }: { paccoId?: string; lastraId?: string }) {
  const movimenti = useMovimenti(paccoId ? { paccoId } : { lastraId });
  return (
    <SectionCard titleId="stock-movimenti-title" title="Movimenti di magazzino" icon="pi pi-history">
      {movimenti.isPending ? (
        <p className="m-0 text-color-secondary">Caricamento…</p>
      ) : movimenti.isError ? (
        <p className="m-0 text-color-secondary">Movimenti non disponibili: {movimenti.error.message}</p>
      ) : movimenti.data.items.length === 0 ? (
        <p className="m-0 text-color-secondary">Nessun movimento.</p>
      ) : (
        <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid={paccoId ? 'pacco-movimenti' : 'lastra-movimenti'}>
          {movimenti.data.items.map((m) => (
            <li key={m._id}>
              <strong>{MOVIMENTO_TIPO_LABELS[m.tipo]}</strong>
              {m.pezzi !== 0 && ` ${formatInteger(m.pezzi)} ${Math.abs(m.pezzi) === 1 ? 'lastra' : 'lastre'}, ${formatArea(m.mq)}`}
              {m.cliente && ` · ${m.cliente.ragioneSociale}`}
              {m.prezzo !== null && ` · ${formatEuro(m.prezzo)}`}
              {m.documento && ` · ${m.documento}`}
              <br />
              <span className="text-color-secondary text-sm">
                {formatDateTime(m.createdAt)}
                {m.utente ? ` · ${m.utente.name}` : ' · sistema'}
                {m.causale ? ` · ${m.causale}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
