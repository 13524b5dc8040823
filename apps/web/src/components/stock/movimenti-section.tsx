import { MOVIMENTO_TIPO_LABELS, type Movimento } from '@gestcava/contracts';
import { SectionCard } from '@/components/section-card';
import { formatDateTime } from '@/lib/format';
import { movimentoDettagli } from './movimento-text';

/** The stock ledger of one item (docs/domain.md): what moved, how much, to whom, for what document, who, when and why. */
export function MovimentiSection({
  query,
  unit,
  testId,
  pezziPerCassa,
}: {
  query: {
    data?: { items: Movimento[] };
    isPending: boolean;
    isError: boolean;
    error: Error | null;
  };
  /** what the quantities count: a bundle's or slab's slabs, a lot's pieces */
  unit: 'lastre' | 'pezzi';
  testId: string;
  /** a lot's: its movimenti say the pieces in boxes too */
  pezziPerCassa?: number;
}) {
  return (
    <SectionCard titleId={`${testId}-title`} title="Movimenti di magazzino" icon="pi pi-history">
      {query.isPending ? (
        <p className="m-0 text-color-secondary">Caricamento…</p>
      ) : query.isError || !query.data ? (
        <p className="m-0 text-color-secondary">
          Movimenti non disponibili: {query.error?.message}
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="m-0 text-color-secondary">Nessun movimento.</p>
      ) : (
        <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid={testId}>
          {query.data.items.map((m) => (
            <li key={m._id}>
              <strong>{MOVIMENTO_TIPO_LABELS[m.tipo]}</strong>
              {movimentoDettagli(m, unit, pezziPerCassa)}
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
