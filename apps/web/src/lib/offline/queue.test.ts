import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import {
  OfflineQueue,
  RETRY_BASE_MS,
  SENT_KEPT_MS,
  SESSION_EXPIRED_REASON,
  type ActionInput,
  type QueuedAction,
  type QueueSender,
} from './queue';
import { queueDbName } from './queue-store';

let clock = 1_000_000;
let online = true;
const opened: OfflineQueue[] = [];
let users = 0;

function action(label: string, extra: Partial<ActionInput> = {}): ActionInput {
  return {
    kind: 'stato-blocco',
    label,
    method: 'POST',
    url: `/api/blocchi/b1/stato`,
    body: { type: 'json', json: { stato: 'disponibile', nota: null } },
    idempotencyKey: `key-${label}`,
    ifMatch: null,
    itemKey: null,
    companyId: null,
    invalidates: [['blocchi']],
    ...extra,
  };
}

/** A sender that records what it was given and answers from a script, one entry per call. */
function scripted(...answers: Array<unknown>) {
  const sent: QueuedAction[] = [];
  const send: QueueSender = (a) => {
    sent.push(a);
    const next = answers.length > 0 ? answers.shift() : { ok: true };
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { sent, send };
}

async function open(send: QueueSender, userId = `u${users}`): Promise<OfflineQueue> {
  const q = await OfflineQueue.open(userId, { send, now: () => clock, isOnline: () => online });
  opened.push(q);
  return q;
}

const states = (q: OfflineQueue) => q.list().map((a) => `${a.label}:${a.state}`);

afterEach(() => {
  for (const q of opened.splice(0)) q.close();
  users++;
  online = true;
  clock = 1_000_000;
});

describe('offline queue', () => {
  it('replays in the order the actions were made, one at a time, with the same key', async () => {
    const { sent, send } = scripted();
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.enqueue(action('secondo'));
    await q.enqueue(action('terzo'));
    await q.process();
    expect(sent.map((a) => a.label)).toEqual(['primo', 'secondo', 'terzo']);
    expect(sent.map((a) => a.idempotencyKey)).toEqual(['key-primo', 'key-secondo', 'key-terzo']);
    expect(states(q)).toEqual(['primo:inviata', 'secondo:inviata', 'terzo:inviata']);
    expect(q.pendingCount()).toBe(0);
  });

  it('sends nothing while offline', async () => {
    const { sent, send } = scripted();
    const q = await open(send);
    await q.enqueue(action('primo'));
    online = false;
    await q.process();
    expect(sent).toHaveLength(0);
    expect(q.pendingCount()).toBe(1);
  });

  it('a network failure waits 2 s, then 4 s, and the later actions wait behind it', async () => {
    const network = () =>
      new ApiError({ status: 0, message: 'Impossibile contattare il server', code: 'NETWORK' });
    const { sent, send } = scripted(network(), network());
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.enqueue(action('secondo'));
    await q.process();
    expect(sent.map((a) => a.label)).toEqual(['primo']);
    expect(q.list()[0]).toMatchObject({
      state: 'in_attesa',
      attempts: 1,
      nextAttemptAt: clock + RETRY_BASE_MS,
    });

    clock += RETRY_BASE_MS - 1;
    await q.process();
    expect(sent).toHaveLength(1);
    clock += 1;
    await q.process();
    expect(sent).toHaveLength(2);
    expect(q.list()[0]).toMatchObject({ attempts: 2, nextAttemptAt: clock + 2 * RETRY_BASE_MS });

    clock += 2 * RETRY_BASE_MS;
    await q.process();
    expect(sent.map((a) => a.label)).toEqual(['primo', 'primo', 'primo', 'secondo']);
    expect(states(q)).toEqual(['primo:inviata', 'secondo:inviata']);
  });

  it('a 429 waits the Retry-After when it is longer than the backoff; a 503 retries too', async () => {
    const { send } = scripted(
      new ApiError({
        status: 429,
        message: 'Troppi tentativi',
        code: 'RATE_LIMITED',
        retryAfter: 30,
      }),
      new ApiError({ status: 503, message: 'Non disponibile', code: 'HTTP_503' }),
    );
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.process();
    expect(q.list()[0]).toMatchObject({
      state: 'in_attesa',
      nextAttemptAt: clock + 30_000,
      reason: 'Troppi tentativi',
    });
    clock += 30_000;
    await q.process();
    expect(q.list()[0]).toMatchObject({
      state: 'in_attesa',
      attempts: 2,
      nextAttemptAt: clock + 4_000,
    });
  });

  it('a 4xx is rifiutata with the server message and the next action still goes', async () => {
    const conflict = new ApiError({
      status: 409,
      message: 'Il blocco è stato modificato da un altro utente',
      code: 'CONFLICT',
    });
    const { sent, send } = scripted(conflict, { ok: true });
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.enqueue(action('secondo'));
    await q.process();
    expect(sent.map((a) => a.label)).toEqual(['primo', 'secondo']);
    expect(q.list()[0]).toMatchObject({
      state: 'rifiutata',
      reason: 'Il blocco è stato modificato da un altro utente',
    });
    expect(q.list()[1]?.state).toBe('inviata');
  });

  it('a twin still in flight on the server (409 IDEMPOTENCY_IN_FLIGHT) is retried, not refused', async () => {
    const { send } = scripted(
      new ApiError({
        status: 409,
        message: 'Richiesta già in corso',
        code: 'IDEMPOTENCY_IN_FLIGHT',
      }),
    );
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.process();
    expect(q.list()[0]).toMatchObject({ state: 'in_attesa', attempts: 1 });
  });

  it('a 409 with Retry-After (a transaction a concurrent one ended: nothing done) is retried, not refused', async () => {
    const { send } = scripted(
      new ApiError({
        status: 409,
        message: 'Un’altra operazione sugli stessi dati era in corso: riprova',
        code: 'CONFLICT',
        retryAfter: 1,
      }),
    );
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.process();
    expect(q.list()[0]).toMatchObject({ state: 'in_attesa', attempts: 1 });
  });

  it('a 401 pauses the queue; the same user opening it again (after login) carries on', async () => {
    const { sent, send } = scripted(
      new ApiError({ status: 401, message: 'Sessione scaduta', code: 'UNAUTHORIZED' }),
    );
    const q = await open(send, 'mario');
    await q.enqueue(action('primo'));
    await q.enqueue(action('secondo'));
    await q.process();
    expect(q.paused).toBe(true);
    expect(q.list()[0]).toMatchObject({ state: 'in_attesa', reason: SESSION_EXPIRED_REASON });
    await q.process();
    expect(sent).toHaveLength(1);
    q.close();

    const again = await open(send, 'mario');
    await again.process();
    expect(sent.map((a) => a.label)).toEqual(['primo', 'primo', 'secondo']);
    expect(states(again)).toEqual(['primo:inviata', 'secondo:inviata']);
  });

  it('discard removes the action and its files; the rest goes on', async () => {
    const { sent, send } = scripted();
    const q = await open(send);
    online = false;
    const photo = await q.enqueue(
      action('foto', {
        kind: 'foto',
        body: {
          type: 'form',
          fields: [['entityType', 'blocco']],
          files: [{ field: 'photos', fileId: 'f1', name: 'a.jpg' }],
        },
      }),
      [{ id: 'f1', blob: new Blob(['jpeg'], { type: 'image/jpeg' }) }],
    );
    await q.enqueue(action('secondo'));
    await q.discard(photo.seq);
    expect(states(q)).toEqual(['secondo:in_attesa']);
    online = true;
    await q.process();
    expect(sent.map((a) => a.label)).toEqual(['secondo']);
  });

  it('a photo replays with its file read back from the device', async () => {
    const got: string[] = [];
    const q = await open(async (_a, files) => {
      for (const blob of files.values()) got.push(await blob.text());
      return { ok: true };
    });
    await q.enqueue(
      action('foto', {
        kind: 'foto',
        body: {
          type: 'form',
          fields: [],
          files: [{ field: 'photos', fileId: 'f2', name: 'b.jpg' }],
        },
      }),
      // Node's Blob: jsdom's cannot be cloned into IndexedDB (a browser's can)
      [{ id: 'f2', blob: new NodeBlob(['bytes of b'], { type: 'image/jpeg' }) as Blob }],
    );
    await q.process();
    expect(got).toEqual(['bytes of b']);
  });

  it('survives a reload: a new queue on the same database finds the actions, in order', async () => {
    const { sent, send } = scripted();
    online = false;
    const q = await open(send, 'luca');
    await q.enqueue(action('primo'));
    await q.enqueue(action('secondo'));
    q.close();
    online = true;
    const reloaded = await open(send, 'luca');
    expect(states(reloaded)).toEqual(['primo:in_attesa', 'secondo:in_attesa']);
    await reloaded.process();
    expect(sent.map((a) => a.idempotencyKey)).toEqual(['key-primo', 'key-secondo']);
  });

  it('each user has their own database: another user sees none of it', async () => {
    online = false;
    const { send } = scripted();
    const anna = await open(send, 'anna');
    await anna.enqueue(action('di anna'));
    const bruno = await open(send, 'bruno');
    expect(bruno.list()).toEqual([]);
    expect(queueDbName('anna')).toBe('gestcava-queue-anna');
  });

  it('a later action on the same item takes the updatedAt the earlier one answered, instead of conflicting with it', async () => {
    const { sent, send } = scripted(
      { _id: 'b1', updatedAt: '2026-11-26T09:00:01.000Z' },
      { _id: 'b1', updatedAt: '2026-11-26T09:00:02.000Z' },
    );
    const q = await open(send);
    const item = { itemKey: 'blocco:b1', ifMatch: '2026-11-26T08:00:00.000Z' };
    await q.enqueue(action('sposta', { kind: 'sposta-blocco', ...item }));
    await q.enqueue(action('stato', item));
    await q.process();
    expect(sent.map((a) => a.ifMatch)).toEqual([
      '2026-11-26T08:00:00.000Z',
      '2026-11-26T09:00:01.000Z',
    ]);
    // a page not refetched yet still shows the first updatedAt: a new action on the item takes the latest
    expect(q.ifMatchFor('blocco:b1', '2026-11-26T08:00:00.000Z')).toBe('2026-11-26T09:00:02.000Z');
    expect(q.ifMatchFor('blocco:b1', '2026-11-26T07:00:00.000Z')).toBe('2026-11-26T07:00:00.000Z');
  });

  it('an action another tab settled is reported to this one too, once, so its pages refresh', async () => {
    const { send } = scripted();
    online = false;
    const settledHere: string[] = [];
    const here = await OfflineQueue.open('tabs', {
      send,
      now: () => clock,
      isOnline: () => online,
      onSettled: (a) => settledHere.push(a.label),
    });
    opened.push(here);
    await here.enqueue(action('primo'));
    online = true;
    const other = await open(send, 'tabs');
    await other.process();
    expect(settledHere).toEqual([]);
    await here.process();
    await here.process();
    expect(settledHere).toEqual(['primo']);
  });

  it('sent actions stay listed a while, then go', async () => {
    const { send } = scripted();
    const q = await open(send);
    await q.enqueue(action('primo'));
    await q.process();
    expect(states(q)).toEqual(['primo:inviata']);
    clock += SENT_KEPT_MS + 1;
    await q.process();
    expect(q.list()).toEqual([]);
  });
});
