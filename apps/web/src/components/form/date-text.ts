const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-05` → a Date at local midnight (not UTC's, which is the day before west of Greenwich… or here at 00:30). */
export function fromIso(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function toIso(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `2026-03-05` → `05/03/26` (docs/screens.md, dd/MM/yy); anything else as it is. */
export function formatDateText(value: string | null | undefined): string {
  const date = fromIso(value);
  if (!date) return value ?? '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
}

const SEPARATED = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{2}|\d{4})$/;
const DIGITS = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;

/**
 * What a typed date means, as `YYYY-MM-DD`: `07/01/27`, `7/1/2027`, `7-1-27`, `7.1.27`,
 * `070127`, `07012027` are all 7 January 2027 (two-digit years are 20yy: a quarry's dates are
 * this century's). Null when empty; the text itself when it is not a date, so the form's schema
 * says it is invalid instead of the field going quietly empty.
 */
export function readDateText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = SEPARATED.exec(trimmed) ?? DIGITS.exec(trimmed);
  if (!match) return trimmed;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  const date = new Date(year, Number(m) - 1, Number(d));
  // 31/02 rolls over to March in Date: such a day does not exist
  if (
    date.getFullYear() !== year ||
    date.getMonth() !== Number(m) - 1 ||
    date.getDate() !== Number(d)
  )
    return trimmed;
  return toIso(date);
}
