/**
 * Web storage that never throws (private mode, quota, disabled storage). `local` is shared by the
 * browser's tabs and outlives them (the session itself); `session` is this tab's alone and ends
 * with it (a form's unsent values).
 */
export type StorageArea = 'local' | 'session';

const areaOf = (area: StorageArea): Storage =>
  area === 'session' ? window.sessionStorage : window.localStorage;

export function readString(key: string, area: StorageArea = 'local'): string | null {
  try {
    return areaOf(area).getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null, area: StorageArea = 'local'): void {
  try {
    if (value === null) areaOf(area).removeItem(key);
    else areaOf(area).setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}

export function readJson(key: string, area: StorageArea = 'local'): unknown {
  const raw = readString(key, area);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, area: StorageArea = 'local'): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value), area);
}

/** Removes every key starting with `prefix`. */
export function removeAll(prefix: string, area: StorageArea = 'local'): void {
  try {
    const storage = areaOf(area);
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k?.startsWith(prefix) ?? false,
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}
