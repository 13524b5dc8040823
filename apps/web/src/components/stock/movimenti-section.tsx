import type { Movimento } from '@gestcava/contracts';
import { MOVIMENTO_TIPO_LABELS } from '@gestcava/contracts';
import { SectionCard } from '@/components/section-card';
import { formatArea, formatDateTime, formatEuro, formatInteger } from '@/lib/format';

/** The stock ledger of one item (DESIGN §4): what moved, how much, to whom, for what document, who, when and why. */
export function MovimentiSection({
  query,
  unit,
  testId,
}: {
  query: { data?: { items: Movimento[] }; isPending: boolean; isError: boolean; error: Error | null };
  /** what the quantities count: a bundle's or slab's slabs, a lot's pieces */
  unit: 'lastre' | 'pezzi';
  testId: string;
}) {
  const word = (n: number) => (unit === 'lastre' ? (Math.abs(n) === 1 ? 'lastra' : 'lastre') : Math.abs(n) === 1 ? 'pezzo' : 'pezzi');
  return (
    <SectionCard titleId={`${testId}-title`} title="Movimenti di magazzino" icon="pi pi-history">
      {query.isPending ? (
        <p className="m-0 text-color-secondary">Caricamento…</p>
      ) : query.isError || !query.data ? (
        <p className="m-0 text-color-secondary">Movimenti non disponibili: {query.error?.message}</p>
      ) : query.data.items.length === 0 ? (
        <p className="m-0 text-color-secondary">Nessun movimento.</p>
      ) : (
        <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid={testId}>
          {query.data.items.map((m) => (
            <li key={m._id}>
              <strong>{MOVIMENTO_TIPO_LABELS[m.tipo]}</strong>
              {m.pezzi !== 0 && ` ${formatInteger(m.pezzi)} ${word(m.pezzi)}, ${formatArea(m.mq)}`}
              {m.casse !== null && m.casse !== 0 ? `, ${formatInteger(m.casse)} casse` : ''}
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
