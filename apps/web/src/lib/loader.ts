import { useSyncExternalStore } from 'react';

/** The full-screen loader's counter: every show() is matched by one hide(). */
let count = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function showLoader(): void {
  count += 1;
  emit();
}

export function hideLoader(): void {
  count = Math.max(0, count - 1);
  emit();
}

export async function withLoader<T>(work: Promise<T>): Promise<T> {
  showLoader();
  try {
    return await work;
  } finally {
    hideLoader();
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => count > 0;

export function useLoaderRequested(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
