import { isApiError } from '../api';
import { log } from '../log';
import {
  addAction,
  allActions,
  deleteAction,
  filesOf,
  openQueueDb,
  updateAction,
  type NewAction,
  type QueueDb,
  type QueuedAction,
  type QueuedKind,
  type StoredFile,
} from './queue-store';

export type { QueuedAction, QueuedKind, QueuedState } from './queue-store';

/**
 * The replay of the device's queue: in order (seq), one at a time, while online. A
 * network failure, a 5xx, a 429 or a twin still in flight waits and tries again with exponential
 * backoff (Retry-After honoured) — the later actions wait behind it, so the order holds; any other
 * 4xx is 'rifiutata' with the server's message and the next one goes; a 401 pauses the queue until
 * its user logs in again (a new OfflineQueue on the same database). Sent actions stay listed as
 * 'inviata' for SENT_KEPT_MS, then go.
 */

export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;
export const SENT_KEPT_MS = 2 * 60_000;
export const SESSION_EXPIRED_REASON = 'Sessione scaduta: accedi di nuovo per inviarla';
const MISSING_FILE_REASON = 'Il file non è più sul dispositivo';

/** Sends one action (the files of a photo upload read back from the database); rejects with the client's ApiError. */
export type QueueSender = (action: QueuedAction, files: Map<string, Blob>) => Promise<unknown>;

export interface QueueOptions {
  send: QueueSender;
  now?: () => number;
  isOnline?: () => boolean;
  /** an action was sent or refused: what it touched is to be refreshed */
  onSettled?: (action: QueuedAction) => void;
  /**
   * Runs a replay unless another tab of the same user is replaying (Web Locks); false when it did not
   * run. Without it every call runs (tests; the server's stored answers keep twins harmless anyway).
   */
  exclusive?: (replay: () => Promise<void>) => Promise<boolean>;
}

/** What a new action gives; the queue adds the order, the state and the attempts. */
export type ActionInput = Omit<
  NewAction,
  'state' | 'reason' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'settledAt' | 'id'
> & { id?: string };

type Failure =
  | { kind: 'retry'; reason: string; retryAfterMs: number }
  | { kind: 'rejected'; reason: string }
  | { kind: 'unauthorized' };

export function classifyFailure(error: unknown): Failure {
  if (!isApiError(error))
    return {
      kind: 'retry',
      reason: error instanceof Error ? error.message : 'Errore di rete',
      retryAfterMs: 0,
    };
  // Retry-After on any answer (a 429, a 409 for a transaction a concurrent one ended) says nothing was done: try again.
  const transient =
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 429 ||
    error.retryAfter != null ||
    error.code === 'IDEMPOTENCY_IN_FLIGHT';
  if (transient)
    return { kind: 'retry', reason: error.message, retryAfterMs: (error.retryAfter ?? 0) * 1000 };
  if (error.status === 401) return { kind: 'unauthorized' };
  return { kind: 'rejected', reason: error.message };
}

/** 2 s, 4 s, 8 s… up to 5 minutes, or the server's Retry-After when longer. */
export function backoffMs(attempts: number, retryAfterMs = 0): number {
  return Math.max(
    Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS),
    retryAfterMs,
  );
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** Where each kind's answer carries the item's new updatedAt (the next action on the item sends it as If-Match). */
const UPDATED_AT: Record<QueuedKind, (answer: unknown, itemId: string) => unknown> = {
  foto: () => undefined,
  'sposta-blocco': (a) => field(a, 'updatedAt'),
  'stato-blocco': (a) => field(a, 'updatedAt'),
  'sposta-lastra': (a) => field(a, 'updatedAt'),
  'sposta-lotto': (a) => field(field(a, 'lotto'), 'updatedAt'),
  'sposta-pacco': (a) => field(field(a, 'pacco'), 'updatedAt'),
  'riga-collaudo': (a, rigaId) => {
    const righe = field(a, 'righe');
    return Array.isArray(righe)
      ? field(
          righe.find((r) => field(r, '_id') === rigaId),
          'updatedAt',
        )
      : undefined;
  },
};

function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export class OfflineQueue {
  private actions: QueuedAction[] = [];
  private readonly listeners = new Set<(actions: QueuedAction[]) => void>();
  private running: Promise<void> | null = null;
  private closed = false;
  /** a 401: nothing more goes until the user logs in again */
  paused = false;
  /** per item, the updatedAt each sent action found → the one it left (a page may still show an older one) */
  private readonly passed = new Map<string, Map<string, string>>();

  private constructor(
    readonly userId: string,
    private readonly db: QueueDb,
    private readonly options: QueueOptions,
  ) {}

  static async open(userId: string, options: QueueOptions): Promise<OfflineQueue> {
    const queue = new OfflineQueue(userId, await openQueueDb(userId), options);
    // the database is being deleted (the user logged out in another tab): let it go
    queue.db.addEventListener('versionchange', () => queue.close());
    await queue.reload();
    return queue;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private online(): boolean {
    return this.options.isOnline?.() ?? true;
  }

  /** The actions as last read, in order. */
  list(): QueuedAction[] {
    return this.actions;
  }

  pendingCount(): number {
    return this.actions.filter((a) => a.state === 'in_attesa').length;
  }

  subscribe(listener: (actions: QueuedAction[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reads the actions again. The ones settled since the last read — by this tab or by another tab of
   * the same user, which replays while this one waits — are told to onSettled, so every open tab
   * refreshes what they touched.
   */
  private async reload(): Promise<void> {
    const before = new Map(this.actions.map((a) => [a.seq, a.state]));
    this.actions = await allActions(this.db);
    for (const l of this.listeners) l(this.actions);
    for (const a of this.actions)
      if (a.state !== 'in_attesa' && before.get(a.seq) === 'in_attesa') this.options.onSettled?.(a);
  }

  /**
   * The If-Match a new action on the item should carry: the page may still show the item as it was
   * before a queued action on it was sent, and that action's own change is no conflict.
   */
  ifMatchFor(itemKey: string | null, ifMatch: string | null): string | null {
    const steps = itemKey ? this.passed.get(itemKey) : undefined;
    let current = ifMatch;
    // each step is one of the queue's own changes, in order: follow them to the latest
    for (let n = 0; steps && current !== null && steps.has(current) && n < steps.size; n++)
      current = steps.get(current) ?? current;
    return current;
  }

  /** Keeps the action (and its files) for a replay; it is tried at the next `process`. */
  async enqueue(input: ActionInput, files: StoredFile[] = []): Promise<QueuedAction> {
    const action: NewAction = {
      ...input,
      id: input.id ?? newId(),
      state: 'in_attesa',
      reason: null,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: this.now(),
      settledAt: null,
    };
    const seq = await addAction(this.db, action, files);
    await this.reload();
    return { ...action, seq };
  }

  /** The user gives up an action: it and its files leave the device (one being sent still arrives). */
  async discard(seq: number): Promise<void> {
    await deleteAction(this.db, seq);
    await this.reload();
  }

  /** The queue's page is open: its refusals are known to the user, the top bar's notice goes. */
  async markRefusalsSeen(): Promise<void> {
    const unseen = this.actions.filter((a) => a.state === 'rifiutata' && !a.seen);
    if (unseen.length === 0) return;
    for (const a of unseen) await updateAction(this.db, a.seq, { seen: true });
    await this.reload();
  }

  /** A waiting action doing exactly what `input` does (same request on the same item): making it twice is a mistake. */
  duplicateOf(
    input: Pick<QueuedAction, 'method' | 'url' | 'body' | 'itemKey'>,
  ): QueuedAction | undefined {
    if (input.body.type !== 'json') return undefined;
    const json = JSON.stringify(input.body.json);
    return this.actions.find(
      (a) =>
        a.state === 'in_attesa' &&
        a.itemKey === input.itemKey &&
        a.method === input.method &&
        a.url === input.url &&
        a.body.type === 'json' &&
        JSON.stringify(a.body.json) === json,
    );
  }

  /** "Riprova ora": a waiting action is due at once. */
  async retryNow(seq: number): Promise<void> {
    const action = this.actions.find((a) => a.seq === seq);
    if (action?.state === 'in_attesa') await updateAction(this.db, seq, { nextAttemptAt: 0 });
    await this.reload();
    await this.process();
  }

  /** Replays what is due; one run at a time (a second call joins the one under way). */
  process(): Promise<void> {
    this.running ??= this.exclusiveDrain()
      // a database closed or deleted under it (logout in another tab): the next run, if any, starts over
      .catch((error: unknown) => log.warn('Coda sul dispositivo: invio interrotto', error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async exclusiveDrain(): Promise<void> {
    if (!this.options.exclusive) return this.drain();
    // another tab replays: this one only shows what it did
    if (!(await this.options.exclusive(() => this.drain())) && !this.closed) await this.reload();
  }

  /** The queue's user left (logout, another user, the session expired): nothing more goes from here. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  private async drain(): Promise<void> {
    if (this.closed) return;
    await this.pruneSent();
    while (!this.closed && !this.paused && this.online()) {
      const next = this.actions.find((a) => a.state === 'in_attesa');
      if (!next || next.nextAttemptAt > this.now()) return;
      await this.replay(next);
    }
  }

  private async replay(action: QueuedAction): Promise<void> {
    const files =
      action.body.type === 'form' ? await filesOf(this.db, action.body) : new Map<string, Blob>();
    if (action.body.type === 'form' && files.size < action.body.files.length) {
      await this.settle(action, { state: 'rifiutata', reason: MISSING_FILE_REASON });
      return;
    }
    const attempts = action.attempts + 1;
    let answer: unknown;
    try {
      answer = await this.options.send(action, files);
    } catch (error) {
      if (this.closed) return;
      const failure = classifyFailure(error);
      if (failure.kind === 'unauthorized') {
        this.paused = true;
        await updateAction(this.db, action.seq, { attempts, reason: SESSION_EXPIRED_REASON });
      } else if (failure.kind === 'retry') {
        await updateAction(this.db, action.seq, {
          attempts,
          reason: failure.reason,
          nextAttemptAt: this.now() + backoffMs(attempts, failure.retryAfterMs),
        });
      } else {
        await this.settle({ ...action, attempts }, { state: 'rifiutata', reason: failure.reason });
        return;
      }
      await this.reload();
      return;
    }
    // closed meanwhile: the next run replays it, and its key gets the stored answer back
    if (this.closed) return;
    await this.passUpdatedAt(action, answer);
    await this.settle({ ...action, attempts }, { state: 'inviata', reason: null });
  }

  private async settle(
    action: QueuedAction,
    outcome: Pick<QueuedAction, 'state' | 'reason'>,
  ): Promise<void> {
    await updateAction(this.db, action.seq, {
      ...outcome,
      attempts: action.attempts,
      settledAt: this.now(),
    });
    await this.reload();
  }

  /**
   * The action changed its item: the later ones on the same item were made against the updatedAt
   * this one had, so they take the new one (else the queue would conflict with itself). A change by
   * someone else in between made this one fail its If-Match, and those keep the old value and fail too.
   */
  private async passUpdatedAt(action: QueuedAction, answer: unknown): Promise<void> {
    if (!action.itemKey || action.ifMatch === null) return;
    const itemId = action.itemKey.slice(action.itemKey.indexOf(':') + 1);
    const updatedAt = UPDATED_AT[action.kind](answer, itemId);
    if (typeof updatedAt !== 'string') return;
    const steps = this.passed.get(action.itemKey) ?? new Map<string, string>();
    this.passed.set(action.itemKey, steps.set(action.ifMatch, updatedAt));
    for (const later of this.actions) {
      if (
        later.seq > action.seq &&
        later.state === 'in_attesa' &&
        later.itemKey === action.itemKey &&
        later.ifMatch === action.ifMatch
      ) {
        await updateAction(this.db, later.seq, { ifMatch: updatedAt });
      }
    }
  }

  private async pruneSent(): Promise<void> {
    const old = this.actions.filter(
      (a) => a.state === 'inviata' && (a.settledAt ?? 0) < this.now() - SENT_KEPT_MS,
    );
    for (const a of old) await deleteAction(this.db, a.seq);
    await this.reload();
  }
}
