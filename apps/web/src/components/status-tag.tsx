import './severity.css';
import { Tag } from 'primereact/tag';
import './status-tag.css';

/** Attivo / non attivo of a record, the same everywhere: green, or a muted grey. */
export function StatusTag({
  active,
  on = 'Attivo',
  off = 'Non attivo',
  testId,
}: {
  active: boolean;
  on?: string;
  off?: string;
  testId?: string;
}) {
  return active ? (
    <Tag value={on} severity="success" data-testid={testId} />
  ) : (
    <Tag value={off} className="status-tag-off" data-testid={testId} />
  );
}
