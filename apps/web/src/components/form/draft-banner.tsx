import { Button } from 'primereact/button';
import { formatDateTime } from '@/lib/format';

/** "Bozza non salvata del …: Ripristina / Scarta" above the form's fields. */
export function DraftBanner({
  savedAt,
  onRestore,
  onDiscard,
  testId,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
  testId: string;
}) {
  return (
    <div
      className="p-message p-component p-message-warn form-alert"
      role="status"
      data-testid={testId}
    >
      <div className="p-message-wrapper flex flex-wrap align-items-center gap-2">
        <i className="pi pi-history p-message-icon" aria-hidden="true" />
        <span className="p-message-detail flex-1">
          Bozza non salvata del {formatDateTime(savedAt)}
        </span>
        <Button
          type="button"
          label="Ripristina"
          size="small"
          onClick={onRestore}
          data-testid={`${testId}-restore`}
        />
        <Button type="button" label="Scarta" size="small" outlined onClick={onDiscard} />
      </div>
    </div>
  );
}
