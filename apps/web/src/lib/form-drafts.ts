import { readJson, removeAll, writeJson } from './storage';

/**
 * A form's unsent values, kept when the session ends under it (a save answered 401, a logout in
 * another tab) and offered back when the same user opens the same form of the same record again.
 * In this tab's session storage, keyed by user, form and record: they stay in the tab that had the
 * form, survive its way through the login page, and go with the tab or the user's own logout.
 */
export interface FormDraft {
  savedAt: string;
  values: Record<string, unknown>;
}

const PREFIX = 'gestcava.bozza.';

export const formDraftKey = (userId: string, form: string, record: string) =>
  `${PREFIX}${userId}.${form}.${record}`;

export function readFormDraft(key: string): FormDraft | null {
  const stored = readJson(key, 'session');
  if (!stored || typeof stored !== 'object' || !('savedAt' in stored) || !('values' in stored))
    return null;
  return stored as FormDraft;
}

export function writeFormDraft(key: string, values: Record<string, unknown> | null): void {
  writeJson(
    key,
    values && ({ savedAt: new Date().toISOString(), values } satisfies FormDraft),
    'session',
  );
}

/** The user's own logout: what was typed in this tab goes with the session (and any draft an earlier version left in local storage). */
export function clearFormDrafts(): void {
  removeAll(PREFIX, 'session');
  removeAll(PREFIX, 'local');
}
