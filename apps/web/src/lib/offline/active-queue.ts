import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { deleteDB } from 'idb';
import { useSession } from '../session';
import { notify } from '../toast';
import { isOnline } from './network';
import { OfflineQueue, type QueuedAction } from './queue';
import { sendQueued } from './queue-send';
import { queueDbName } from './queue-store';

/**
 * The logged-in user's queue, opened by the app shell (useOfflineQueueRunner) and used by the yard
 * actions (sendOrQueue) and the top bar. None while nobody is logged in: a queue belongs to its user.
 */
let active: OfflineQueue | null = null;
const listeners = new Set<() => void>();

export function getActiveQueue(): OfflineQueue | null {
  return active;
}

function setActiveQueue(queue: OfflineQueue | null): void {
  active = queue;
  for (const l of listeners) l();
}

function subscribeActive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: QueuedAction[] = [];

/** The queue's actions, in order, re-rendering on every change (none without a queue). */
export function useQueuedActions(): { queue: OfflineQueue | null; actions: QueuedAction[] } {
  const queue = useSyncExternalStore(subscribeActive, getActiveQueue, getActiveQueue);
  const actions = useSyncExternalStore(
    (onChange) => queue?.subscribe(onChange) ?? (() => undefined),
    () => queue?.list() ?? NONE,
    () => NONE,
  );
  return { queue, actions };
}

export function usePendingCount(): number {
  return useQueuedActions().actions.filter((a) => a.state === 'in_attesa').length;
}

/** Refused actions the user has not seen on the queue's page yet (the top bar's "N azioni rifiutate"). */
export function useUnseenRefusals(): number {
  return useQueuedActions().actions.filter((a) => a.state === 'rifiutata' && !a.seen).length;
}

/** The actions still waiting for one item (`blocco:<id>`, `lastra:<id>`…, matched by the id). */
export function usePendingFor(id: string): QueuedAction[] {
  return useQueuedActions().actions.filter(
    (a) => a.state === 'in_attesa' && a.itemKey?.endsWith(`:${id}`),
  );
}

/** Where the user is, whatever the page: which action the server refused, and why. */
function tellRefusal(action: QueuedAction): void {
  notify({
    severity: 'error',
    summary: `Azione rifiutata: ${action.label}`,
    detail: action.reason ?? undefined,
    life: 15_000,
  });
}

/** Where the browser has Web Locks, one tab replays a user's queue at a time; the others skip their turn. */
async function oneTabAtATime(name: string, replay: () => Promise<void>): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) {
    await replay();
    return true;
  }
  return navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await replay();
    return true;
  });
}

/** How often a waiting action is looked at (its own backoff decides whether it goes). */
const TICK_MS = 5_000;

/**
 * Opens the user's queue and replays it: at once, whenever the browser comes online, and on a
 * timer. Another user (or nobody) closes it; the same user logging in again after an expired
 * session opens it again and it carries on. What a sent or refused action touched is refetched.
 */
export function useOfflineQueueRunner(): void {
  const userId = useSession().user?._id ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let queue: OfflineQueue | null = null;
    let stopped = false;
    const tick = () => void queue?.process();
    void OfflineQueue.open(userId, {
      send: sendQueued,
      isOnline,
      exclusive: (replay) => oneTabAtATime(queueDbName(userId), replay),
      onSettled: (action) => {
        if (action.state === 'rifiutata') tellRefusal(action);
        for (const queryKey of action.invalidates) void queryClient.invalidateQueries({ queryKey });
      },
    }).then((opened) => {
      if (stopped) return opened.close();
      queue = opened;
      setActiveQueue(opened);
      tick();
    });
    window.addEventListener('online', tick);
    const timer = window.setInterval(tick, TICK_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', tick);
      if (queue) {
        if (active === queue) setActiveQueue(null);
        queue.close();
      }
    };
  }, [userId, queryClient]);
}

/** Logout: the user's queue leaves the device, whatever it still holds (the user was warned). */
export async function deleteQueue(userId: string): Promise<void> {
  if (active?.userId === userId) {
    active.close();
    setActiveQueue(null);
  }
  await deleteDB(queueDbName(userId));
}
