import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@/test/fixtures';
import { ApiError } from '../api';
import { setSelectedCompanyId, setSession } from '../session';
import { deviceCopyTime, loadWithDeviceCopy, NotOnDeviceError } from './device-copy';
import { forgetOtherUsers, wipeDeviceData } from './device-data';
import { closeItemCaches, MAX_ITEMS, readItem, recentItems, storeItem } from './item-cache';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 26, 8, 30);
const A = { userId: 'u-mag', companyId: 'c-cava' };
const B = { userId: 'u-prod', companyId: 'c-cava' };
const blocco = (codice: string) => ({ _id: codice.toLowerCase(), codice, stato: 'disponibile' });

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name).sort();
const networkDown = () =>
  Promise.reject(
    new ApiError({ status: 0, message: 'Impossibile contattare il server', code: 'NETWORK' }),
  );

afterEach(async () => {
  await closeItemCaches();
  globalThis.indexedDB = new IDBFactory();
});

describe('the device copy of opened items', () => {
  it('keeps the detail a user loaded and gives it back with when it was loaded', async () => {
    await storeItem(A, 'blocco', 'b1', blocco('BL-2026-0042'), NOW);
    const copy = await readItem(A, 'blocco', 'b1', NOW + DAY);
    expect(copy).toMatchObject({
      kind: 'blocco',
      id: 'b1',
      label: 'BL-2026-0042',
      fetchedAt: NOW,
      data: blocco('BL-2026-0042'),
    });
    // another kind with the same id is another item
    expect(await readItem(A, 'lastra', 'b1', NOW)).toBeUndefined();
  });

  it('keeps each user apart: one database per user, and nothing of one user in the other’s', async () => {
    await storeItem(A, 'lastra', 'l1', blocco('LA-2026-0001'), NOW);
    expect(await readItem(B, 'lastra', 'l1', NOW)).toBeUndefined();
    expect(await recentItems(B, NOW)).toEqual([]);
    expect(await databaseNames()).toEqual(['gestcava-cache-u-mag', 'gestcava-cache-u-prod']);
  });

  it('keeps the companies an admin acts for apart', async () => {
    const cava = { userId: 'u-admin', companyId: 'c-cava' };
    const segheria = { userId: 'u-admin', companyId: 'c-segheria' };
    await storeItem(cava, 'pacco', 'p1', blocco('PA-2026-0003'), NOW);
    expect(await readItem(segheria, 'pacco', 'p1', NOW)).toBeUndefined();
    expect((await recentItems(cava, NOW)).map((i) => i.label)).toEqual(['PA-2026-0003']);
  });

  it('lists the recent items newest first and forgets those older than 7 days', async () => {
    await storeItem(A, 'blocco', 'old', blocco('BL-2026-0001'), NOW - 9 * DAY);
    await storeItem(A, 'lotto', 'lo', blocco('LO-2026-0007'), NOW - 2 * DAY);
    await storeItem(A, 'collaudo', 'co', blocco('CO-2026-0002'), NOW - DAY);
    expect((await recentItems(A, NOW)).map((i) => i.label)).toEqual([
      'CO-2026-0002',
      'LO-2026-0007',
    ]);
    // 8 days old at the last write: that write pruned it
    const db = await openDB('gestcava-cache-u-mag');
    expect(await db.getAllKeys('items')).not.toContain('c-cava|blocco|old');
    db.close();
    // a copy that is 7 days and one minute old is not served any more
    expect(await readItem(A, 'collaudo', 'co', NOW + 6 * DAY + 60_000)).toBeUndefined();
  });

  it('keeps at most 300 items, dropping the oldest', async () => {
    // 300 copies in one transaction (as 300 loads would leave them), then the 301st load
    await storeItem(A, 'lastra', 'l0', blocco('LA-0'), NOW);
    const db = await openDB('gestcava-cache-u-mag');
    const tx = db.transaction('items', 'readwrite');
    for (let i = 1; i < MAX_ITEMS; i++) {
      void tx.store.put({
        key: `c-cava|lastra|l${i}`,
        companyId: 'c-cava',
        kind: 'lastra',
        id: `l${i}`,
        label: `LA-${i}`,
        data: {},
        fetchedAt: NOW + i * 1000,
      });
    }
    await tx.done;
    db.close();
    expect(await recentItems(A, NOW + MAX_ITEMS * 1000)).toHaveLength(300);
    await storeItem(
      A,
      'lastra',
      `l${MAX_ITEMS}`,
      blocco(`LA-${MAX_ITEMS}`),
      NOW + MAX_ITEMS * 1000,
    );
    const recent = await recentItems(A, NOW + MAX_ITEMS * 1000);
    expect(recent).toHaveLength(300);
    expect(recent[0]?.label).toBe('LA-300');
    expect(recent.at(-1)?.label).toBe('LA-1');
    expect(await readItem(A, 'lastra', 'l0', NOW + MAX_ITEMS * 1000)).toBeUndefined();
  });
});

describe('wiping and forgetting', () => {
  it('logout deletes every read copy and the own queue, keeps another user’s waiting queue and other apps’ data', async () => {
    await storeItem(A, 'blocco', 'b1', blocco('BL-2026-0042'), NOW);
    await storeItem(B, 'blocco', 'b2', blocco('BL-2026-0043'), NOW);
    (
      await openDB('gestcava-queue-u-mag', 1, { upgrade: (db) => db.createObjectStore('actions') })
    ).close();
    (
      await openDB('gestcava-queue-u-prod', 1, { upgrade: (db) => db.createObjectStore('actions') })
    ).close();
    (await openDB('altra-app', 1, { upgrade: (db) => db.createObjectStore('x') })).close();
    await wipeDeviceData('u-mag');
    expect(await databaseNames()).toEqual(['altra-app', 'gestcava-queue-u-prod']);
  });

  it('a logout whose user is already unknown (a 401 cleared the session) deletes the read copies but no queue', async () => {
    await storeItem(A, 'blocco', 'b1', blocco('BL-2026-0042'), NOW);
    (
      await openDB('gestcava-queue-u-prod', 1, { upgrade: (db) => db.createObjectStore('actions') })
    ).close();
    await wipeDeviceData(undefined);
    expect(await databaseNames()).toEqual(['gestcava-queue-u-prod']);
  });

  it('a login deletes the other users’ copies, keeps the own ones and leaves the queues to the queue', async () => {
    await storeItem(A, 'blocco', 'b1', blocco('BL-2026-0042'), NOW);
    await storeItem(B, 'blocco', 'b2', blocco('BL-2026-0043'), NOW);
    (
      await openDB('gestcava-queue-u-prod', 1, { upgrade: (db) => db.createObjectStore('actions') })
    ).close();
    await forgetOtherUsers('u-mag');
    expect(await databaseNames()).toEqual(['gestcava-cache-u-mag', 'gestcava-queue-u-prod']);
    expect((await readItem(A, 'blocco', 'b1', NOW))?.label).toBe('BL-2026-0042');
  });
});

describe('a detail loaded through the device copy', () => {
  const user = DEMO_USERS.magazzino;
  const scope = { userId: user._id, companyId: user.companyId };

  it('online: answers the server’s detail and writes it to the device', async () => {
    setSession(user, 'token');
    const data = await loadWithDeviceCopy('lastra', 'l1', () =>
      Promise.resolve(blocco('LA-2026-0009')),
    );
    expect(deviceCopyTime(data)).toBeUndefined();
    await expect
      .poll(async () => (await readItem(scope, 'lastra', 'l1'))?.label)
      .toBe('LA-2026-0009');
  });

  it('without network: the device copy, marked with when it was loaded; never opened: NotOnDeviceError', async () => {
    setSession(user, 'token');
    await storeItem(scope, 'lastra', 'l1', blocco('LA-2026-0009'), NOW);
    const data = await loadWithDeviceCopy('lastra', 'l1', networkDown);
    expect(data).toEqual(blocco('LA-2026-0009'));
    expect(deviceCopyTime(data)).toBe(NOW);
    await expect(loadWithDeviceCopy('lastra', 'l2', networkDown)).rejects.toBeInstanceOf(
      NotOnDeviceError,
    );
  });

  it('the server’s own answers (404, 403, 401) are not hidden behind the copy', async () => {
    setSession(user, 'token');
    await storeItem(scope, 'lastra', 'l1', blocco('LA-2026-0009'), NOW);
    for (const status of [404, 403, 401]) {
      const answer = new ApiError({ status, message: 'Risorsa non trovata', code: 'X' });
      await expect(loadWithDeviceCopy('lastra', 'l1', () => Promise.reject(answer))).rejects.toBe(
        answer,
      );
    }
  });

  it('an admin acting for another company does not see the first company’s copy', async () => {
    setSession(DEMO_USERS.admin, 'token');
    await storeItem(
      { userId: 'u-admin', companyId: DEMO_USERS.admin.companyId },
      'blocco',
      'b1',
      blocco('BL-2026-0042'),
      Date.now(),
    );
    setSelectedCompanyId('c-segheria');
    await expect(loadWithDeviceCopy('blocco', 'b1', networkDown)).rejects.toBeInstanceOf(
      NotOnDeviceError,
    );
  });
});
