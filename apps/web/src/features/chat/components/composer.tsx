import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressBar } from 'primereact/progressbar';
import {
  CHAT_ACCEPT,
  CHAT_CONTENT_MAX,
  CHAT_FILE_MAX_BYTES,
  CHAT_MAX_FILES,
  CHAT_MESSAGES,
  type ChatMessage,
} from '@gestcava/contracts';
import { isApiError, newIdempotencyKey } from '@/lib/api';
import { notify } from '@/lib/toast';
import { perFileProgress, sendMessage } from '../api/chat';
import { chatSocketId } from '../realtime/chat-socket';
import { formatFileSize } from './chat-model';

interface Pending {
  file: File;
  /** object URL for an image preview */
  preview: string | null;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; attachments with preview and
 * per-file progress. The checks of the server are made here first, with the same messages.
 */
export function Composer({
  receiverId,
  onSent,
}: {
  receiverId: string;
  onSent: (message: ChatMessage) => void;
}) {
  const [content, setContent] = useState('');
  const [pending, setPending] = useState<Pending[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // One key per message being written: a resend after a failure does not create a second one.
  const key = useRef(newIdempotencyKey());

  // Previews are released when a file is taken away, sent, or the composer goes.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  useEffect(
    () => () => pendingRef.current.forEach((p) => p.preview && URL.revokeObjectURL(p.preview)),
    [],
  );
  const release = (items: Pending[]) =>
    items.forEach((p) => p.preview && URL.revokeObjectURL(p.preview));

  const tooLong = content.length > CHAT_CONTENT_MAX;
  const canSend = !sending && !tooLong && (content.trim() !== '' || pending.length > 0);
  const counter = useMemo(
    () => (content.length > CHAT_CONTENT_MAX - 200 ? `${content.length}/${CHAT_CONTENT_MAX}` : ''),
    [content],
  );

  function addFiles(list: FileList | null) {
    if (!list) return;
    const chosen = Array.from(list);
    const big = chosen.find((f) => f.size > CHAT_FILE_MAX_BYTES);
    if (big) {
      setError(`${CHAT_MESSAGES.fileTooLarge} (${big.name})`);
      return;
    }
    if (pending.length + chosen.length > CHAT_MAX_FILES) {
      setError(CHAT_MESSAGES.tooManyFiles);
      return;
    }
    setError(null);
    setPending((p) => [
      ...p,
      ...chosen.map((file) => ({
        file,
        preview: IMAGE_TYPES.has(file.type) ? URL.createObjectURL(file) : null,
      })),
    ]);
  }

  function removeFile(index: number) {
    release(pending.filter((_, i) => i === index));
    setPending((p) => p.filter((_, i) => i !== index));
  }

  async function submit() {
    if (!canSend) {
      if (tooLong) setError(CHAT_MESSAGES.tooLong);
      return;
    }
    setSending(true);
    setError(null);
    const sentText = content;
    const sentFiles = pending;
    const files = sentFiles.map((p) => p.file);
    if (files.length) setProgress(files.map(() => 0));
    try {
      const message = await sendMessage(
        { receiverId, content: sentText, files, socketId: chatSocketId() },
        (p) => files.length && setProgress(perFileProgress(files, p.loaded, p.total || p.loaded)),
        key.current,
      );
      onSent(message);
      // Only what was sent goes: what the user typed or attached while it was on its way stays.
      setContent((c) => (c.startsWith(sentText) ? c.slice(sentText.length).trimStart() : c));
      release(sentFiles);
      setPending((p) => p.filter((item) => !sentFiles.includes(item)));
      key.current = newIdempotencyKey();
      textarea.current?.focus();
    } catch (e) {
      const message = isApiError(e) ? e.message : 'Invio non riuscito: riprova';
      setError(message);
      notify({ severity: 'error', summary: 'Messaggio non inviato', detail: message });
    } finally {
      setSending(false);
      setProgress(null);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <div className="chat-composer">
      {pending.length > 0 && (
        <ul className="chat-pending" aria-label="Allegati da inviare">
          {pending.map((p, i) => (
            <li
              key={`${p.file.name}-${i}`}
              className="chat-pending-item"
              data-testid="chat-pending-file"
            >
              {p.preview ? (
                <img src={p.preview} alt="" className="chat-pending-thumb" />
              ) : (
                <i className="pi pi-file chat-pending-icon" aria-hidden="true" />
              )}
              <span className="chat-pending-name" title={p.file.name}>
                {p.file.name}
              </span>
              <span className="chat-pending-size">{formatFileSize(p.file.size)}</span>
              {progress ? (
                <ProgressBar
                  value={progress[i] ?? 0}
                  showValue={false}
                  className="chat-pending-progress"
                  aria-label={`Caricamento di ${p.file.name}`}
                />
              ) : (
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  rounded
                  size="small"
                  aria-label={`Togli ${p.file.name}`}
                  onClick={() => removeFile(i)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="chat-composer-error" role="alert" data-testid="chat-composer-error">
          {error}
        </p>
      )}
      <div className="chat-composer-row">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={CHAT_ACCEPT}
          className="hidden"
          data-testid="chat-file-input"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          icon="pi pi-paperclip"
          text
          rounded
          aria-label="Allega file"
          disabled={sending}
          onClick={() => fileInput.current?.click()}
        />
        <InputTextarea
          ref={textarea}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          autoResize
          placeholder="Scrivi un messaggio"
          aria-label="Messaggio"
          className="chat-input"
          invalid={tooLong}
          data-testid="chat-input"
        />
        <Button
          type="button"
          icon="pi pi-send"
          rounded
          aria-label="Invia"
          disabled={!canSend}
          loading={sending}
          onClick={() => void submit()}
          data-testid="chat-send"
        />
      </div>
      {counter && (
        <span className={`chat-counter${tooLong ? ' chat-counter-over' : ''}`}>{counter}</span>
      )}
    </div>
  );
}
