import { isApiError } from '@/lib/api';

/** The Italian text of a failed photo call: the server's own message, or what went wrong on the way. */
export function photoErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'Il server non ha risposto in tempo: riprova';
  return 'Operazione non riuscita: riprova';
}

/** A request the user (or an unmount) cancelled: not an error to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
