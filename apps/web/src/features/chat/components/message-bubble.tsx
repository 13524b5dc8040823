import { Button } from 'primereact/button';
import type { ChatMessage } from '@gestcava/contracts';
import { formatTime } from '@/lib/format';
import { formatFileSize } from './chat-model';

/** docs/api.md "Shape of the API": a deleted message shows this. */
export const CHAT_DELETED_LABEL = 'Messaggio eliminato';

function fileIcon(mime: string): string {
  if (mime === 'application/pdf') return 'pi pi-file-pdf';
  if (mime.includes('spreadsheet')) return 'pi pi-file-excel';
  if (mime.includes('wordprocessing')) return 'pi pi-file-word';
  return 'pi pi-file';
}

/** One message: text as text (never markup), image thumbnails, file chips, time, read state, delete for own. */
export function MessageBubble({
  message,
  own,
  onDelete,
}: {
  message: ChatMessage;
  own: boolean;
  onDelete: (m: ChatMessage) => void;
}) {
  const images = message.attachments.filter((a) => a.isImage && a.inlineUrl);
  const files = message.attachments.filter((a) => !a.isImage || !a.inlineUrl);
  return (
    <div
      className={`chat-message${own ? ' chat-message-own' : ''}`}
      data-testid="chat-message"
      data-id={message._id}
    >
      <div className="chat-bubble">
        {message.deleted ? (
          <p className="chat-text chat-text-deleted">
            <i className="pi pi-ban" aria-hidden="true" /> {CHAT_DELETED_LABEL}
          </p>
        ) : (
          <>
            {images.length > 0 && (
              <div className="chat-images">
                {images.map((a) => (
                  <a key={a._id} href={a.url} download={a.fileName} title={`Scarica ${a.fileName}`}>
                    <img
                      src={a.inlineUrl!}
                      alt={a.fileName}
                      loading="lazy"
                      className="chat-thumb"
                    />
                  </a>
                ))}
              </div>
            )}
            {files.length > 0 && (
              <ul className="chat-files">
                {files.map((a) => (
                  <li key={a._id}>
                    <a
                      href={a.url}
                      download={a.fileName}
                      className="chat-file-chip"
                      data-testid="chat-file"
                    >
                      <i className={fileIcon(a.mime)} aria-hidden="true" />
                      <span className="chat-file-name">{a.fileName}</span>
                      <span className="chat-file-size">{formatFileSize(a.size)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {message.content && (
              <p className="chat-text" data-testid="chat-text">
                {message.content}
              </p>
            )}
          </>
        )}
        <div className="chat-meta">
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {own && !message.deleted && (
            <span
              className="chat-read"
              data-testid="chat-read-state"
              title={message.readAt ? 'Letto' : 'Inviato'}
            >
              <i
                className={message.readAt ? 'pi pi-check-circle' : 'pi pi-check'}
                aria-hidden="true"
              />
              <span className="sr-only">{message.readAt ? 'Letto' : 'Inviato'}</span>
            </span>
          )}
          {own && !message.deleted && (
            <Button
              type="button"
              icon="pi pi-trash"
              text
              rounded
              size="small"
              className="chat-delete"
              aria-label="Elimina il messaggio"
              onClick={() => onDelete(message)}
              data-testid="chat-delete"
            />
          )}
        </div>
      </div>
    </div>
  );
}
