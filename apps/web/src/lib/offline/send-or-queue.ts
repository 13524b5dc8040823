import { isApiError, newIdempotencyKey } from '../api';
import { getSession } from '../session';
import { notify } from '../toast';
import { getActiveQueue } from './active-queue';
import { isOnline } from './network';
import type { ActionInput, QueuedAction } from './queue';
import { queuedHeaders } from './queue-send';
import type { StoredFile } from './queue-store';

export const QUEUED_SUMMARY = 'Salvata sul dispositivo: verrà inviata appena torna la rete';
export const DUPLICATE_SUMMARY = 'Già in attesa sul dispositivo: non viene salvata due volte';

/** A yard action as the queue keeps it; the key, the company and the order are added here. */
export type QueueRequest = Omit<ActionInput, 'idempotencyKey' | 'companyId'> & {
  files?: StoredFile[];
};

/** What the direct send gets: the action's key and headers (If-Match), the same a replay would carry. */
export interface DirectSend {
  idempotencyKey: string;
  headers: Record<string, string>;
}

export type SendOutcome<T> = { queued: false; value: T } | { queued: true; action: QueuedAction };

/**
 * The request never reached an answer from GestCava: no signal, the network dropped on the way, or a
 * gateway / a stopping instance answered for it (502, 503, 504) — the same rule the offline copy uses.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    (error.status === 0 && (error.code === 'NETWORK' || error.code === 'TIMEOUT')) ||
    [502, 503, 504].includes(error.status)
  );
}

/** The company the action is made under: an admin's chosen one, else the user's own (only an admin sends the header). */
function companyOfSession(): string | null {
  const { user, selectedCompanyId } = getSession();
  return selectedCompanyId ?? (user?.role === 'admin' ? user.companyId : null);
}

/**
 * A yard action: online it goes at once with its Idempotency-Key (and If-Match); offline,
 * behind actions still waiting, or when that send fails for the network, it is kept on the device
 * with the same key and replayed
 * when the network returns (the server answers a key it already saw with its stored answer, so a
 * send that did arrive is not applied twice). A toast says it was saved on the device.
 */
export async function sendOrQueue<T>(
  request: QueueRequest,
  direct: (send: DirectSend) => Promise<T>,
): Promise<SendOutcome<T>> {
  const idempotencyKey = newIdempotencyKey();
  const queue = getActiveQueue();
  const { files, ...asShown } = request;
  const input = {
    ...asShown,
    ifMatch: queue ? queue.ifMatchFor(asShown.itemKey, asShown.ifMatch) : asShown.ifMatch,
  };
  const keep = async (): Promise<SendOutcome<T>> => {
    if (!queue) throw new Error('Nessuna coda sul dispositivo');
    // the page still shows the item as before the waiting action: the same tap again is refused here, not by the server later
    const same = queue.duplicateOf(input);
    if (same) {
      notify({ severity: 'warn', summary: DUPLICATE_SUMMARY, detail: same.label });
      return { queued: true, action: same };
    }
    const action = await queue.enqueue(
      { ...input, idempotencyKey, companyId: companyOfSession() },
      files,
    );
    notify({ severity: 'info', summary: QUEUED_SUMMARY, detail: input.label });
    void queue.process();
    return { queued: true, action };
  };
  // actions still waiting go first: a new one lines up behind them, so the order holds
  if (queue && (!isOnline() || queue.pendingCount() > 0)) return keep();
  try {
    return {
      queued: false,
      value: await direct({
        idempotencyKey,
        headers: queuedHeaders({ ifMatch: input.ifMatch, companyId: null }),
      }),
    };
  } catch (error) {
    if (queue && isNetworkFailure(error)) return keep();
    throw error;
  }
}
