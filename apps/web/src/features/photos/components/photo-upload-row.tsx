import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { formatNumber } from '@/lib/format';
import type { UploadItem, UploadStatus } from './upload-queue';

const STATUS_LABELS: Record<UploadStatus, string> = {
  ready: 'Pronta',
  invalid: 'Non caricabile',
  queued: 'In attesa',
  uploading: 'In caricamento',
  done: 'Caricata',
  stored: 'Sul dispositivo',
  error: 'Non riuscita',
  cancelled: 'Annullata',
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${formatNumber(bytes / 1024 / 1024, 1)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

/** One chosen photo: its name, size and state, its progress while it travels, cancel, retry or remove. */
export function UploadRow({
  item,
  onCancel,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const name = item.file.name;
  const travelling = item.status === 'queued' || item.status === 'uploading';
  return (
    <li
      className={`photo-upload-item photo-upload-${item.status}`}
      data-testid="photo-upload-item"
      data-status={item.status}
    >
      <div className="photo-upload-head">
        <span className="photo-upload-name" title={name}>
          {name}
        </span>
        <span className="photo-upload-size">{formatSize(item.file.size)}</span>
        <span className="photo-upload-status">
          {item.status === 'uploading' ? `${item.percent}%` : STATUS_LABELS[item.status]}
        </span>
        {travelling && (
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            size="small"
            aria-label={`Annulla ${name}`}
            onClick={() => onCancel(item.key)}
          />
        )}
        {(item.status === 'error' || item.status === 'cancelled') && (
          <Button
            type="button"
            icon="pi pi-refresh"
            text
            rounded
            size="small"
            aria-label={`Riprova ${name}`}
            onClick={() => onRetry(item.key)}
          />
        )}
        {!travelling && item.status !== 'done' && item.status !== 'stored' && (
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            size="small"
            aria-label={`Togli ${name}`}
            onClick={() => onRemove(item.key)}
          />
        )}
      </div>
      {travelling && (
        <ProgressBar
          value={item.percent}
          showValue={false}
          className="photo-upload-progress"
          aria-label={`Caricamento di ${name}`}
          data-testid="photo-upload-progress"
        />
      )}
      {item.message && (
        <p className="photo-upload-message" role={item.status === 'error' ? 'alert' : undefined}>
          {item.message}
        </p>
      )}
    </li>
  );
}
