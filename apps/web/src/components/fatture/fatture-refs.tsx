import { useQueries } from '@tanstack/react-query';
import {
  FATTURA_TIPO_LABELS,
  detailPath,
  fatturaListItemSchema,
  pageOf,
  type DdtRef,
  type FatturaListItem,
} from '@gestcava/contracts';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { api } from '@/lib/api';
import { formatDate, formatEuro } from '@/lib/format';
import { can } from '@/lib/permissions';
import { queryRoots } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

const listSchema = pageOf(fatturaListItemSchema);

/** "Fattura differita 12/2026 del 30/11/26 · 20.172,52 €" (a draft: "bozza"). */
const refText = (f: FatturaListItem) =>
  `${FATTURA_TIPO_LABELS[f.tipoDocumento]} ${f.numeroDocumento ?? '(bozza)'} del ${formatDate(f.data)} · ${formatEuro(f.totale)}`;

/**
 * The invoices of a shipped item or a DDT: those of the DDTs it left with (`GET /api/fatture?ddtId=`),
 * each linking its page on Fatture; nothing for who may not read the invoices, nor before one exists.
 * Under the invoices' own cache root, so emitting one shows it here at once.
 */
export function FattureRefs({
  ddt,
}: {
  ddt: readonly { _id: string; stato: DdtRef['stato'] | 'bozza' }[] | undefined;
}) {
  const { user } = useSession();
  const readable = can(user, 'fatture', 'read');
  const ids = readable ? (ddt ?? []).filter((d) => d.stato === 'emesso').map((d) => d._id) : [];
  const results = useQueries({
    queries: ids.map((ddtId) => ({
      queryKey: [...queryRoots.fatture, 'di-ddt', ddtId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get('/api/fatture', {
          query: { ddtId, limit: 20, sort: 'data' },
          schema: listSchema,
          signal,
        }),
    })),
  });
  const fatture = [
    ...new Map(results.flatMap((r) => r.data?.items ?? []).map((f) => [f._id, f])).values(),
  ];
  if (fatture.length === 0) return null;
  return (
    <SectionCard
      titleId="fatture-refs-title"
      title={fatture.length === 1 ? 'Fattura' : 'Fatture'}
      icon="pi pi-receipt"
    >
      <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="fatture-refs">
        {fatture.map((f) => (
          <li key={f._id}>
            <RecordLink to={detailPath('fattura', f._id)}>{refText(f)}</RecordLink>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
