import { formatNumber, parseItalianNumber } from '@/lib/format';

/** The text shown for a value when the field is not being edited: `1.234,56`. */
export function formatNumberInput(value: number | null | undefined, decimals: number): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? formatNumber(value, undefined, decimals)
    : '';
}

/** What the field's text means: null when empty, NaN when it is not a number (the schema says why). */
export function readNumberInput(text: string): number | null {
  if (text.trim() === '') return null;
  return parseItalianNumber(text) ?? Number.NaN;
}
