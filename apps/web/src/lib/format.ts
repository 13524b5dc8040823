import { format as formatFns, isValid, parseISO } from 'date-fns';
import { it } from 'date-fns/locale/it';

/**
 * Italian formatting, in one place (docs/domain.md "The flow", §9; docs/api.md "Shape of the API", §5):
 * dates dd/MM/yy in the UI, dd/MM/yyyy on documents, euro, numbers with Italian separators
 * (always grouped: `1.234,56`), m³ (3 decimals), m² (2), t (2).
 */
const LOCALE = 'it-IT';
const DATE_FORMAT = 'dd/MM/yy';
const DOCUMENT_DATE_FORMAT = 'dd/MM/yyyy';
const DATE_TIME_FORMAT = 'dd/MM/yy HH:mm';

type DateInput = Date | string | number | null | undefined;

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

function fmt(value: DateInput, pattern: string): string {
  const date = toDate(value);
  return date ? formatFns(date, pattern, { locale: it }) : '';
}

/** UI date: 05/03/26 */
export const formatDate = (value: DateInput): string => fmt(value, DATE_FORMAT);
/** Documents (verbale, DDT): 05/03/2026 */
export const formatDocumentDate = (value: DateInput): string => fmt(value, DOCUMENT_DATE_FORMAT);
/** 05/03/26 14:30 */
export const formatDateTime = (value: DateInput): string => fmt(value, DATE_TIME_FORMAT);
/** 14:30 */
export const formatTime = (value: DateInput): string => fmt(value, 'HH:mm');
/** giovedì 5 marzo 2026 */
export const formatLongDate = (value: DateInput): string => fmt(value, 'EEEE d MMMM yyyy');

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(LOCALE, { useGrouping: 'always', ...options });
    numberFormats.set(key, nf);
  }
  return nf;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1.234,5 (up to `maxDecimals`), or exactly `decimals` when given. */
export function formatNumber(
  value: number | null | undefined,
  decimals?: number,
  maxDecimals = 2,
): string {
  if (!isNumber(value)) return '';
  return numberFormat(
    decimals === undefined
      ? { maximumFractionDigits: maxDecimals }
      : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
  ).format(value);
}

/** 1.234 */
export const formatInteger = (value: number | null | undefined): string => formatNumber(value, 0);

/** 1.234,56 € */
export function formatEuro(value: number | null | undefined): string {
  if (!isNumber(value)) return '';
  return numberFormat({ style: 'currency', currency: 'EUR' }).format(value);
}

/** Amounts kept as integer cents (docs/api.md "Shape of the API"): 123456 → 1.234,56 € */
export function formatEuroCents(cents: number | null | undefined): string {
  if (!isNumber(cents)) return '';
  return formatEuro(cents / 100);
}

const UNITS = { m3: 'm³', m2: 'm²', t: 't', cm: 'cm', mm: 'mm' } as const;

/** 12,345 m³ */
export const formatVolume = (m3: number | null | undefined): string =>
  isNumber(m3) ? `${formatNumber(m3, 3)} ${UNITS.m3}` : '';
/** 1.234,50 m² */
export const formatArea = (m2: number | null | undefined): string =>
  isNumber(m2) ? `${formatNumber(m2, 2)} ${UNITS.m2}` : '';
/** 33,75 t */
export const formatWeight = (t: number | null | undefined): string =>
  isNumber(t) ? `${formatNumber(t, 2)} ${UNITS.t}` : '';

/**
 * Reads an Italian number as typed: "1.234,56" → 1234.56, "12,5" → 12.5, "12.5" → 12.5.
 * Returns null when it is not a number.
 */
export function parseItalianNumber(input: string): number | null {
  const text = input.trim().replace(/\s|€|m³|m²/g, '');
  if (!text) return null;
  let normalised: string;
  if (text.includes(',')) normalised = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) normalised = text.replace(/\./g, '');
  else normalised = text;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

/** "1 messaggio non letto", "3 messaggi non letti". */
export const formatUnread = (count: number): string =>
  count === 1 ? '1 messaggio non letto' : `${formatInteger(count)} messaggi non letti`;

/** A count on a badge: past 99 it reads "99+", so the badge keeps its size. */
export const formatBadgeCount = (count: number): string => (count > 99 ? '99+' : String(count));

/** An enum value's Italian label; the raw value when no label is known (e.g. an old history row). */
export const labelOf = (labels: Readonly<Record<string, string>>, value: unknown): string =>
  labels[String(value)] ?? String(value);
