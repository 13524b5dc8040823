import { useSyncExternalStore } from 'react';
import { userSchema, type User } from '@gestcava/contracts';
import { readJson, readString, writeJson, writeString } from './storage';
import { clearFormDrafts } from './form-drafts';

/** Storage keys fixed by docs/domain.md "The records". */
export const STORAGE_KEYS = {
  user: 'currentUser',
  token: 'token',
  csrfToken: 'csrfToken',
  /** the group company an admin acts for (header X-Company-Id) */
  company: 'selectedCompanyId',
} as const;

export interface SessionSnapshot {
  user: User | null;
  token: string | null;
  /** set only for admins acting for another group company */
  selectedCompanyId: string | null;
}

function readUser(): User | null {
  const parsed = userSchema.safeParse(readJson(STORAGE_KEYS.user));
  return parsed.success ? parsed.data : null;
}

function readSnapshot(): SessionSnapshot {
  return {
    user: readUser(),
    token: readString(STORAGE_KEYS.token),
    selectedCompanyId: readString(STORAGE_KEYS.company),
  };
}

let snapshot: SessionSnapshot = readSnapshot();
/** The last session ended by the user's own logout (not by a 401): no returnUrl then. */
let endedByLogout = false;
/**
 * The user's logout is under way (docs/web-shell.md "Transport rules"): the server revokes the
 * token before this tab forgets it, so a request still in flight can come back 401. That 401 ends
 * the session as the logout would.
 */
let logoutStarted = false;
const listeners = new Set<() => void>();

function emit(): void {
  snapshot = readSnapshot();
  for (const l of listeners) l();
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

/** Successful login: the user (without the token) and the token are stored separately. */
export function setSession(user: User & { accessToken?: string }, token: string): void {
  const { accessToken: _omit, ...plain } = user;
  writeJson(STORAGE_KEYS.user, plain);
  writeString(STORAGE_KEYS.token, token);
  writeString(STORAGE_KEYS.company, null);
  endedByLogout = false;
  logoutStarted = false;
  emit();
}

/** An update of the current user merges the change into the stored user (docs/api.md "Sessions and anti-forgery"). */
export function mergeCurrentUser(changes: Partial<User>): void {
  const current = readUser();
  if (!current) return;
  writeJson(STORAGE_KEYS.user, { ...current, ...changes });
  emit();
}

/** Logout and 401: token, user and the admin's company choice go away; a logout takes this tab's unsent form values too. */
export function clearSession(reason: 'logout' | 'expired' = 'expired'): void {
  endedByLogout = reason === 'logout' || logoutStarted;
  logoutStarted = false;
  if (endedByLogout) clearFormDrafts();
  writeString(STORAGE_KEYS.user, null);
  writeString(STORAGE_KEYS.token, null);
  writeString(STORAGE_KEYS.company, null);
  emit();
}

export function setSelectedCompanyId(companyId: string | null): void {
  writeString(STORAGE_KEYS.company, companyId);
  emit();
}

/** Called before the logout's revoke (see logoutStarted). */
export function startLogout(): void {
  logoutStarted = true;
}

export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

/** Re-read storage (another tab logged in or out). */
export function reloadSession(): void {
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) emit();
  });
}

/**
 * What the prerendered public pages were drawn with (docs/performance.md "The login paints
 * first"): nobody signed in. React uses it while hydrating them, then draws the stored session.
 */
const SIGNED_OUT: SessionSnapshot = { user: null, token: null, selectedCompanyId: null };
const signedOut = (): SessionSnapshot => SIGNED_OUT;

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, signedOut);
}
