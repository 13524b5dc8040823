import type { BloccoCollaudabile } from '@gestcava/contracts';

/** `bl2026 42` and `BL-2026-0042` are the same code: its letters and numbers, the numbers without leading zeros. */
const codeKey = (s: string) =>
  (s.toUpperCase().match(/[A-Z]+|\d+/g) ?? [])
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part))
    .join('-');

/** The block a typed code means among the answers: the one with that code, or the only one. */
export function pickByCode(
  text: string,
  found: readonly BloccoCollaudabile[],
): BloccoCollaudabile | null {
  const exact = found.find((b) => codeKey(b.codice) === codeKey(text));
  if (exact) return exact;
  return found.length === 1 ? (found[0] ?? null) : null;
}
