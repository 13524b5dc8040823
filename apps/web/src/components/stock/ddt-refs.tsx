import { DDT_STATO_LABELS, detailPath, numeroDdt, type DdtRef } from '@gestcava/contracts';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { formatDate } from '@/lib/format';

/** "DDT 5/2026 del 12/11/26". */
const ddtRefText = (d: DdtRef) => `DDT ${numeroDdt(d.numero, d.anno)} del ${formatDate(d.data)}`;

/**
 * The DDTs a shipped item left with, each linking its page on Spedizioni: a cancelled one
 * struck through and labelled. Nothing without a DDT (an item shipped with a document made elsewhere
 * shows that document in its movements, as before).
 */
export function DdtRefs({ ddt }: { ddt: readonly DdtRef[] | undefined }) {
  if (!ddt?.length) return null;
  return (
    <SectionCard
      titleId="ddt-refs-title"
      title={ddt.length === 1 ? 'Documento di trasporto' : 'Documenti di trasporto'}
      icon="pi pi-truck"
    >
      <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="ddt-refs">
        {ddt.map((d) => (
          <li key={d._id} data-testid={`ddt-ref-${d.stato}`}>
            {d.stato === 'annullato' ? (
              <>
                <s>
                  <RecordLink to={detailPath('ddt', d._id)}>{ddtRefText(d)}</RecordLink>
                </s>{' '}
                <span className="text-color-secondary">
                  ({DDT_STATO_LABELS.annullato.toLowerCase()})
                </span>
              </>
            ) : (
              <RecordLink to={detailPath('ddt', d._id)}>{ddtRefText(d)}</RecordLink>
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
