import { DIAL_CODES, findCountry, type Anagrafica } from '@gestcava/contracts';

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return findCountry(code)?.name ?? code;
}

/** `+390585123456` → `+39 0585123456` (the dial code apart, as people read it). */
export function formatTelefono(value: string | null | undefined): string {
  if (!value) return '';
  if (!/^\+\d+$/.test(value)) return value;
  // stored as E.164; DIAL_CODES is longest first
  const dial = DIAL_CODES.find((d) => value.startsWith(d));
  return dial ? `${dial} ${value.slice(dial.length)}` : value;
}

/** `Carrara (MS)` or `Dubai, Emirati Arabi Uniti`. */
export function placeOf(r: Pick<Anagrafica, 'comune' | 'provincia' | 'nazione'>): string {
  const where = r.provincia ? `${r.comune} (${r.provincia})` : r.comune;
  return r.nazione === 'IT' ? where : `${where}, ${countryName(r.nazione)}`;
}

export function taxIdOf(r: Pick<Anagrafica, 'partitaIva' | 'codiceFiscale' | 'nazione'>): string {
  return r.partitaIva ?? r.codiceFiscale ?? '';
}

/** A history row's value as the page shows it: yes/no, a country's name, a phone as written. */
export function formatHistoryValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (field === 'nazione' && typeof value === 'string') return countryName(value);
  if (field === 'telefono' && typeof value === 'string') return formatTelefono(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
