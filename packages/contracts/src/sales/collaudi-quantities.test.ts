import { describe, expect, it } from 'vitest';
import { calcolaRiga, totaliCollaudo, type RigaCalcInput } from './collaudi-quantities.js';

const base: RigaCalcInput = {
  dichiarate: { lunghezza: 300, altezza: 200, profondita: 150 },
  lunghezzaRilevata: null,
  altezzaRilevata: null,
  profonditaRilevata: null,
  abbuonoTipo: null,
  abbuonoValore: null,
  densita: 2.7,
  pesoRilevato: null,
  prezzo: null,
  unitaPrezzo: 'm3',
};

describe('calcolaRiga', () => {
  it('uses the declared net measures until the block is measured', () => {
    expect(calcolaRiga(base)).toEqual({ lunghezzaNetta: 300, altezzaNetta: 200, profonditaNetta: 150, volumeNettoAccettato: 9, peso: 24.3, importo: null });
  });

  it('measured sizes replace the declared ones; €/m³ amount in cents rounded per row', () => {
    const r = calcolaRiga({ ...base, lunghezzaRilevata: 287, altezzaRilevata: 163, profonditaRilevata: 141, prezzo: 1234.56 });
    expect(r.volumeNettoAccettato).toBe(6.596); // 6.596061 → 3 decimals
    expect(r.importo).toBe(Math.round(6.596 * 1234.56 * 100)); // 814 315,776 → 814 316 cents
    expect(r.importo).toBe(814316);
  });

  it('cm_per_lato takes twice the value off each dimension', () => {
    const r = calcolaRiga({ ...base, abbuonoTipo: 'cm_per_lato', abbuonoValore: 5 });
    expect([r.lunghezzaNetta, r.altezzaNetta, r.profonditaNetta]).toEqual([290, 190, 140]);
    expect(r.volumeNettoAccettato).toBe(7.714);
  });

  it('m3 is subtracted from the net volume, never below zero', () => {
    expect(calcolaRiga({ ...base, abbuonoTipo: 'm3', abbuonoValore: 0.35 }).volumeNettoAccettato).toBe(8.65);
    expect(calcolaRiga({ ...base, abbuonoTipo: 'm3', abbuonoValore: 20 }).volumeNettoAccettato).toBe(0);
  });

  it('percentuale comes off the amount, prezzo off the unit price', () => {
    expect(calcolaRiga({ ...base, prezzo: 1000, abbuonoTipo: 'percentuale', abbuonoValore: 10 }).importo).toBe(810000);
    expect(calcolaRiga({ ...base, prezzo: 1000, abbuonoTipo: 'prezzo', abbuonoValore: 150 }).importo).toBe(765000);
    // the volume is untouched by either
    expect(calcolaRiga({ ...base, prezzo: 1000, abbuonoTipo: 'percentuale', abbuonoValore: 10 }).volumeNettoAccettato).toBe(9);
  });

  it('€/t uses the weighbridge when entered, else volume × density rounded to 2 decimals', () => {
    expect(calcolaRiga({ ...base, unitaPrezzo: 't', prezzo: 100 }).importo).toBe(243000);
    expect(calcolaRiga({ ...base, unitaPrezzo: 't', prezzo: 100, pesoRilevato: 25.17 }).importo).toBe(251700);
    const odd = calcolaRiga({ ...base, lunghezzaRilevata: 287, unitaPrezzo: 't', prezzo: 95.5, densita: 2.71 });
    expect(odd.peso).toBe(23.33); // 8.61 m³ × 2.71 = 23.3331
    expect(odd.importo).toBe(222802); // 23.33 × 95.5 = 2228.015 €, half a cent up
  });
});

describe('totaliCollaudo', () => {
  it('sums the rounded accepted rows only (con riserva counts as accepted)', () => {
    const t = totaliCollaudo([
      { esito: 'accettato', volumeNettoAccettato: 6.596, peso: 17.81, importo: 814315 },
      { esito: 'accettato_con_riserva', volumeNettoAccettato: 7.714, peso: 20.83, importo: 771400 },
      { esito: 'rifiutato', volumeNettoAccettato: 9, peso: 24.3, importo: 900000 },
      { esito: null, volumeNettoAccettato: 1, peso: 2.7, importo: 100 },
    ]);
    expect(t).toEqual({ blocchiAccettati: 2, volumeNetto: 14.31, peso: 38.64, importo: 1585715 });
  });
});
