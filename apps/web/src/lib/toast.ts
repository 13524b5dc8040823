/**
 * App-wide toasts without prop drilling: anything (a hook, a form, the notification helpers)
 * calls `notify(...)`; the one <ToastHost/> in the root route shows them. The PrimeReact Toast
 * is loaded with the first message, so public pages do not pay for it.
 */
export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';
export interface ToastMessage {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  life?: number;
}

type Listener = (message: ToastMessage) => void;
const listeners = new Set<Listener>();
const pending: ToastMessage[] = [];
const wakers = new Set<() => void>();

export function notify(message: ToastMessage): void {
  if (listeners.size === 0) {
    pending.push(message);
    for (const w of wakers) w();
    return;
  }
  for (const l of listeners) l(message);
}

/** The view: receives the queued messages at once, then each new one. */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  while (pending.length > 0) {
    const m = pending.shift();
    if (m) listener(m);
  }
  return () => listeners.delete(listener);
}

/** The host: told when a message waits for a view. */
export function onToastRequested(waker: () => void): () => void {
  wakers.add(waker);
  if (pending.length > 0) waker();
  return () => wakers.delete(waker);
}
