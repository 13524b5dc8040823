import { api, apiUpload } from '../api';
import type { QueuedAction } from './queue-store';

/** A replay that hangs is a network trouble like any other: it is abandoned and tried again later. */
const REPLAY_TIMEOUT_MS = 60_000;
const UPLOAD_REPLAY_TIMEOUT_MS = 300_000;

/**
 * The headers a queued action carries besides the client's own: its If-Match (the item's updatedAt
 * when it was made) and the company it was made under.
 */
export function queuedHeaders(
  action: Pick<QueuedAction, 'ifMatch' | 'companyId'>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (action.ifMatch) headers['If-Match'] = action.ifMatch;
  if (action.companyId) headers['X-Company-Id'] = action.companyId;
  return headers;
}

/**
 * Replays one action through the one API client, with its own Idempotency-Key: a 401 ends the
 * session there as anywhere (the user is sent to log in), the queue only pauses.
 */
export function sendQueued(action: QueuedAction, files: Map<string, Blob>): Promise<unknown> {
  const headers = queuedHeaders(action);
  const { body } = action;
  if (body.type === 'json') {
    const opts = { idempotencyKey: action.idempotencyKey, headers, timeoutMs: REPLAY_TIMEOUT_MS };
    return action.method === 'PUT'
      ? api.put(action.url, body.json, opts)
      : api.post(action.url, body.json, opts);
  }
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  // files last: the server reads the fields before it streams a file
  for (const f of body.files) {
    const blob = files.get(f.fileId);
    if (blob) form.append(f.field, blob, f.name);
  }
  return apiUpload(action.url, form, {
    method: action.method,
    idempotencyKey: action.idempotencyKey,
    headers,
    timeoutMs: UPLOAD_REPLAY_TIMEOUT_MS,
  });
}
