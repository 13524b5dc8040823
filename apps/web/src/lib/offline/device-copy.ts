import type { EntityKind } from '@gestcava/contracts';
import { isApiError } from '../api';
import { getSession } from '../session';
import {
  quietly,
  readItem,
  readLookup,
  storeItem,
  storeLookup,
  type CacheScope,
} from './item-cache';
import { NotOnDeviceError } from './not-on-device';

export { isNotOnDevice, NotOnDeviceError } from './not-on-device';

/**
 * The read-through every cached detail goes through (lib/define-resource's `offline` kind): an
 * online load is written to the device; a load that fails for the network (no answer, or the
 * gateway's 502/503/504 — never a 401, 403 or 404, which are the server's answer) is served from
 * the device's copy, remembered as such so the page marks it; no copy → NotOnDeviceError.
 */

/** The request did not reach the server (or the server was not there to answer). */
export function isNetworkFailure(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** Data served from the device → when it was loaded from the server. */
const deviceCopies = new WeakMap<object, number>();

/** When a detail shown was loaded from the server, if it is the device's copy. */
export function deviceCopyTime(data: unknown): number | undefined {
  return typeof data === 'object' && data !== null ? deviceCopies.get(data) : undefined;
}

/** The signed-in user and the company the requests act for (an admin's X-Company-Id), if any. */
export function currentScope(): CacheScope | null {
  const { user, selectedCompanyId } = getSession();
  if (!user) return null;
  return {
    userId: user._id,
    companyId: (user.role === 'admin' && selectedCompanyId) || user.companyId,
  };
}

export async function loadWithDeviceCopy<T>(
  kind: EntityKind,
  id: string,
  load: () => Promise<T>,
): Promise<T> {
  // the scope of the request, read before it: a logout or a company switch meanwhile must not file it elsewhere
  const scope = currentScope();
  let data: T;
  try {
    data = await load();
  } catch (error) {
    if (!scope || !isNetworkFailure(error)) throw error;
    const copy = await quietly('lettura', () => readItem(scope, kind, id));
    if (!copy || typeof copy.data !== 'object' || copy.data === null) throw new NotOnDeviceError();
    deviceCopies.set(copy.data, copy.fetchedAt);
    return copy.data as T;
  }
  // not for a user who logged out (or a company left) while it loaded: the wipe must stay a wipe
  const now = currentScope();
  if (scope && now?.userId === scope.userId && now.companyId === scope.companyId) {
    void quietly('salvataggio', () => storeItem(scope, kind, id, data));
  }
  return data;
}

/**
 * The same read-through for a whole lookup list (ubicazioni, materiali…): what an offline action's
 * dialog offers after a reload without network. No copy → NotOnDeviceError.
 */
export async function loadLookupWithDeviceCopy<T>(
  name: string,
  load: () => Promise<T>,
): Promise<T> {
  const scope = currentScope();
  let data: T;
  try {
    data = await load();
  } catch (error) {
    if (!scope || !isNetworkFailure(error)) throw error;
    const copy = await quietly('lettura', () => readLookup(scope, name));
    if (!copy) throw new NotOnDeviceError();
    return copy.data as T;
  }
  const now = currentScope();
  // a browser without IndexedDB (or a test's DOM) works online, without a copy
  const canStore = typeof indexedDB !== 'undefined';
  if (canStore && scope && now?.userId === scope.userId && now.companyId === scope.companyId) {
    void quietly('salvataggio', () => storeLookup(scope, name, data));
  }
  return data;
}
