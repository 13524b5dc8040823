import type { Cessionario } from '@gestcava/contracts';

/** "Hafenstraße 12, 20457 Hamburg, DE · P.IVA DE123456789". */
export function indirizzoCessionario(c: Cessionario): string {
  const luogo = [c.cap, c.comune, c.provincia ? `(${c.provincia})` : ''].filter(Boolean).join(' ');
  const fiscale = c.partitaIva
    ? `P.IVA ${c.partitaIva}`
    : c.codiceFiscale
      ? `C.F. ${c.codiceFiscale}`
      : '';
  return [[c.indirizzo, luogo, c.nazione].filter(Boolean).join(', '), fiscale]
    .filter(Boolean)
    .join(' · ');
}

/** "Fattura 12/2026", "Nota di credito 3/2026", "Bozza di fattura". */
export function titoloFattura(f: {
  tipoDocumento: string;
  numeroDocumento: string | null;
}): string {
  const nome = f.tipoDocumento === 'TD04' ? 'Nota di credito' : 'Fattura';
  return f.numeroDocumento ? `${nome} ${f.numeroDocumento}` : `Bozza di ${nome.toLowerCase()}`;
}

/** "12/2026", or "Bozza" before it is emitted. */
export const numeroFattura = (f: { numeroDocumento: string | null }) =>
  f.numeroDocumento ?? 'Bozza';
