import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import './detail-list.css';

/** A record's data as label/value pairs in a responsive grid. */
export function DetailList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="detail-grid" data-testid={testId}>
      {children}
    </dl>
  );
}

export function DetailItem({
  label,
  children,
  wide,
}: {
  label: string;
  children?: ReactNode;
  wide?: boolean;
}) {
  const empty =
    children === null || children === undefined || children === '' || children === false;
  return (
    <div className={wide ? 'detail-item detail-item-wide' : 'detail-item'}>
      <dt>{label}</dt>
      <dd>{empty ? <span className="text-color-secondary">—</span> : children}</dd>
    </div>
  );
}

/** A record's note and when it was registered and last changed, the last items of its data. */
export function RecordNoteItems({
  record,
  registered = 'Registrata il',
}: {
  record: { note: string | null; createdAt: string; updatedAt: string };
  registered?: string;
}) {
  return (
    <>
      <DetailItem label="Note" wide>
        {record.note && <span className="pre-line">{record.note}</span>}
      </DetailItem>
      <DetailItem label={registered}>{formatDateTime(record.createdAt)}</DetailItem>
      <DetailItem label="Ultima modifica">{formatDateTime(record.updatedAt)}</DetailItem>
    </>
  );
}
