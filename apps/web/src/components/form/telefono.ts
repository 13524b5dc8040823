import { COUNTRIES, DIAL_CODES, getDialCode } from '@gestcava/contracts';

/** For a dial code several countries share, the one a number most likely belongs to. */
const MAIN_COUNTRY_OF_DIAL: Readonly<Record<string, string>> = {
  '+1': 'US',
  '+7': 'RU',
  '+39': 'IT',
  '+44': 'GB',
  '+47': 'NO',
  '+61': 'AU',
  '+64': 'NZ',
  '+212': 'MA',
  '+262': 'RE',
  '+290': 'SH',
  '+358': 'FI',
  '+590': 'GP',
  '+599': 'CW',
};

export interface ParsedTelefono {
  country: string;
  number: string;
}

/** `+39 0585 123456` → Italia + `0585 123456`; a number without a dial code keeps `fallback`. */
export function splitTelefono(value: string | null | undefined, fallback: string): ParsedTelefono {
  const text = (value ?? '').trimStart();
  const compact = text.replace(/[\s./-]+/g, '').replace(/^00/, '+');
  if (!compact.startsWith('+')) return { country: fallback, number: text };
  const dial = DIAL_CODES.find((d) => compact.startsWith(d));
  if (!dial) return { country: fallback, number: text };
  const country =
    getDialCode(fallback) === dial
      ? fallback
      : (MAIN_COUNTRY_OF_DIAL[dial] ??
        COUNTRIES.find((c) => c.dialCode === dial)?.code ??
        fallback);
  // keep the spacing the user typed after the dial code
  let rest = text.replace(/^00/, '+');
  let digits = dial.length;
  let i = 0;
  while (digits > 0 && i < rest.length) {
    if (/[+\d]/.test(rest[i] ?? '')) digits--;
    i++;
  }
  rest = rest.slice(i).trimStart();
  return { country, number: rest };
}

/** The telephone as sent: the number typed with its own + or 00 wins over the dropdown. */
export function joinTelefono(country: string, number: string): string {
  // only leading spaces go: a space typed between groups of digits stays while typing
  const n = number.trimStart();
  if (n.trim() === '') return '';
  if (/^(\+|00)/.test(n)) return n;
  const dial = getDialCode(country);
  return dial ? `${dial} ${n}` : n;
}
