import 'fake-indexeddb/auto';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEMO_USERS } from '@/test/fixtures';
import { ApiError } from '../api';
import { setSession } from '../session';
import * as toast from '../toast';
import { getActiveQueue, useOfflineQueueRunner } from './active-queue';
import { QUEUED_SUMMARY, sendOrQueue, type QueueRequest } from './send-or-queue';

const request = (label: string): QueueRequest => ({
  kind: 'stato-blocco',
  label,
  method: 'POST',
  url: '/api/blocchi/b1/stato',
  // each its own note: the same request twice on one item is a duplicate (tested below)
  body: { type: 'json', json: { stato: 'disponibile', nota: label } },
  ifMatch: '2026-11-26T08:00:00.000Z',
  itemKey: 'blocco:b1',
  invalidates: [['blocchi']],
});

let online = true;
let unmount: () => void = () => undefined;

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  // a user of its own per test: a fresh queue database
  setSession({ ...DEMO_USERS.produzione, _id: `u-${Math.random()}` }, 'token');
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  unmount = renderHook(() => useOfflineQueueRunner(), { wrapper }).unmount;
  await waitFor(() => expect(getActiveQueue()).not.toBeNull());
});

afterEach(() => unmount());

describe('sendOrQueue', () => {
  it('online: sends at once with a new key and the If-Match; nothing is kept', async () => {
    const direct = vi.fn().mockResolvedValue({ _id: 'b1' });
    const outcome = await sendOrQueue(request('online'), direct);
    expect(outcome).toEqual({ queued: false, value: { _id: 'b1' } });
    expect(direct).toHaveBeenCalledWith({
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      headers: { 'If-Match': '2026-11-26T08:00:00.000Z' },
    });
    expect(getActiveQueue()?.list()).toEqual([]);
  });

  it('offline: kept on the device without trying, with the toast', async () => {
    const notify = vi.spyOn(toast, 'notify');
    online = false;
    const direct = vi.fn();
    const outcome = await sendOrQueue(request('Blocco BL-2026-0001: stato → Disponibile'), direct);
    expect(outcome.queued).toBe(true);
    expect(direct).not.toHaveBeenCalled();
    expect(getActiveQueue()?.pendingCount()).toBe(1);
    expect(notify).toHaveBeenCalledWith({
      severity: 'info',
      summary: QUEUED_SUMMARY,
      detail: 'Blocco BL-2026-0001: stato → Disponibile',
    });
  });

  it('a network failure of the direct send keeps it with the same key (a send that did arrive gets its stored answer)', async () => {
    const direct = vi
      .fn()
      .mockRejectedValue(
        new ApiError({ status: 0, message: 'Impossibile contattare il server', code: 'NETWORK' }),
      );
    online = true;
    const outcome = await sendOrQueue(request('rete caduta'), direct);
    expect(outcome.queued).toBe(true);
    const key = (direct.mock.calls[0]?.[0] as { idempotencyKey: string }).idempotencyKey;
    expect(getActiveQueue()?.list()[0]?.idempotencyKey).toBe(key);
  });

  it('a gateway or a stopping instance answering for the server (502, 503, 504) keeps the action too', async () => {
    online = true;
    for (const status of [502, 503, 504]) {
      const direct = vi.fn().mockRejectedValue(
        new ApiError({
          status,
          message: 'Il server si sta arrestando',
          code: 'SERVICE_UNAVAILABLE',
        }),
      );
      expect((await sendOrQueue(request(`risposta ${status}`), direct)).queued).toBe(true);
    }
    expect(
      getActiveQueue()
        ?.list()
        .map((a) => a.label),
    ).toEqual(['risposta 502', 'risposta 503', 'risposta 504']);
  });

  it('a refusal of the direct send is the caller’s error, not kept', async () => {
    const refused = new ApiError({
      status: 409,
      message: 'Passaggio non consentito',
      code: 'CONFLICT',
    });
    await expect(
      sendOrQueue(request('rifiutata'), vi.fn().mockRejectedValue(refused)),
    ).rejects.toBe(refused);
    expect(getActiveQueue()?.list()).toEqual([]);
  });

  it('while actions wait, a new one lines up behind them instead of overtaking', async () => {
    online = false;
    await sendOrQueue(request('prima'), vi.fn());
    online = true;
    // the replay of the first cannot reach the server yet
    vi.spyOn(getActiveQueue()!, 'process').mockResolvedValue();
    const direct = vi.fn();
    const outcome = await sendOrQueue(request('seconda'), direct);
    expect(outcome.queued).toBe(true);
    expect(direct).not.toHaveBeenCalled();
    expect(
      getActiveQueue()
        ?.list()
        .map((a) => a.label),
    ).toEqual(['prima', 'seconda']);
  });

  it('the same request on the same item while the first waits is not kept twice: a warning says so', async () => {
    online = false;
    const first = await sendOrQueue(request('scarta'), vi.fn());
    const again = await sendOrQueue(request('scarta'), vi.fn());
    expect(again).toEqual(first);
    expect(
      getActiveQueue()!
        .list()
        .filter((a) => a.state === 'in_attesa'),
    ).toHaveLength(1);
  });
});
