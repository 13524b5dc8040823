import { describe, expect, it } from 'vitest';
import { pesoBlocco } from '../production/peso-blocco.js';
import { calcolaRiga, totaliCollaudo, type RigaCalcInput } from './collaudi-quantities.js';

const base: RigaCalcInput = {
  dichiarate: { lunghezza: 300, altezza: 200, profondita: 150 },
  lunghezzaRilevata: null,
  altezzaRilevata: null,
  profonditaRilevata: null,
  abbuonoTipo: null,
  abbuonoValore: null,
  densita: 2.7,
  pesoPesa: null,
  pesoRilevato: null,
  prezzo: null,
  unitaPrezzo: 'm3',
};

describe('calcolaRiga', () => {
  it('uses the declared net measures until the block is measured', () => {
    expect(calcolaRiga(base)).toEqual({
      lunghezzaNetta: 300,
      altezzaNetta: 200,
      profonditaNetta: 150,
      volumeNettoAccettato: 9,
      peso: 24.3,
      pesoBase: 'teorico',
      importo: null,
    });
  });

  it('measured sizes replace the declared ones; €/m³ amount in cents rounded per row', () => {
    const r = calcolaRiga({
      ...base,
      lunghezzaRilevata: 287,
      altezzaRilevata: 163,
      profonditaRilevata: 141,
      prezzo: 1234.56,
    });
    expect(r.volumeNettoAccettato).toBe(6.596); // 6.596061 → 3 decimals
    expect(r.importo).toBe(Math.round(6.596 * 1234.56 * 100)); // 814 315,776 → 814 316 cents
    expect(r.importo).toBe(814316);
  });

  it('cm_per_lato takes twice the value off each dimension', () => {
    const r = calcolaRiga({ ...base, abbuonoTipo: 'cm_per_lato', abbuonoValore: 5 });
    expect([r.lunghezzaNetta, r.altezzaNetta, r.profonditaNetta]).toEqual([290, 190, 140]);
    expect(r.volumeNettoAccettato).toBe(7.714);
  });

  it('an abbuono on one dimension takes its whole value off that dimension only', () => {
    // 3 cm off a chipped top: 300 × 197 × 150 = 8,865 m³ (9 − 0,135)
    const r = calcolaRiga({ ...base, abbuonoTipo: 'cm_altezza', abbuonoValore: 3, prezzo: 1000 });
    expect([r.lunghezzaNetta, r.altezzaNetta, r.profonditaNetta]).toEqual([300, 197, 150]);
    expect(r.volumeNettoAccettato).toBe(8.865);
    expect(r.importo).toBe(886500);
    // on measured sizes: 296 − 4 = 292 long, 198 × 149 as measured → 8,614584 → 8,615 m³
    const m = calcolaRiga({
      ...base,
      lunghezzaRilevata: 296,
      altezzaRilevata: 198,
      profonditaRilevata: 149,
      abbuonoTipo: 'cm_lunghezza',
      abbuonoValore: 4,
    });
    expect([m.lunghezzaNetta, m.altezzaNetta, m.profonditaNetta, m.volumeNettoAccettato]).toEqual([
      292, 198, 149, 8.615,
    ]);
    expect(
      calcolaRiga({ ...base, abbuonoTipo: 'cm_profondita', abbuonoValore: 10 }).profonditaNetta,
    ).toBe(140);
  });

  it('m3 is subtracted from the net volume, never below zero', () => {
    expect(
      calcolaRiga({ ...base, abbuonoTipo: 'm3', abbuonoValore: 0.35 }).volumeNettoAccettato,
    ).toBe(8.65);
    expect(
      calcolaRiga({ ...base, abbuonoTipo: 'm3', abbuonoValore: 20 }).volumeNettoAccettato,
    ).toBe(0);
  });

  it('percentuale comes off the amount, prezzo off the unit price', () => {
    expect(
      calcolaRiga({ ...base, prezzo: 1000, abbuonoTipo: 'percentuale', abbuonoValore: 10 }).importo,
    ).toBe(810000);
    expect(
      calcolaRiga({ ...base, prezzo: 1000, abbuonoTipo: 'prezzo', abbuonoValore: 150 }).importo,
    ).toBe(765000);
    // the volume is untouched by either
    expect(
      calcolaRiga({ ...base, prezzo: 1000, abbuonoTipo: 'percentuale', abbuonoValore: 10 })
        .volumeNettoAccettato,
    ).toBe(9);
  });

  it('€/t uses the weighbridge when entered, else volume × density rounded to 2 decimals', () => {
    expect(calcolaRiga({ ...base, unitaPrezzo: 't', prezzo: 100 }).importo).toBe(243000);
    expect(
      calcolaRiga({ ...base, unitaPrezzo: 't', prezzo: 100, pesoRilevato: 25.17 }).importo,
    ).toBe(251700);
    const odd = calcolaRiga({
      ...base,
      lunghezzaRilevata: 287,
      unitaPrezzo: 't',
      prezzo: 95.5,
      densita: 2.71,
    });
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

describe('calcolaRiga: the weight a per-tonne sale is charged on (item 3)', () => {
  // CO-2026-0002 / BL-2026-0014 as the issue tells it: 4.84 m³ net of 2.70 t/m³ (13.07 t), 15.08 t at the weighbridge, €846/t
  const bl14: RigaCalcInput = {
    ...base,
    dichiarate: { lunghezza: 220, altezza: 200, profondita: 110 },
    unitaPrezzo: 't',
    prezzo: 846,
  };

  it("the block's weighbridge weight when nothing was weighed at the collaudo, said 'pesato'", () => {
    const r = calcolaRiga({ ...bl14, pesoPesa: 15.08 });
    expect(r).toMatchObject({ volumeNettoAccettato: 4.84, peso: 15.08, pesoBase: 'pesato' });
    expect(r.importo).toBe(1275768); // 15.08 t × 846 € = 12 757,68 €
  });

  it("the collaudo's own weighbridge reading wins over the block's", () => {
    expect(calcolaRiga({ ...bl14, pesoPesa: 15.08, pesoRilevato: 14.9 })).toMatchObject({
      peso: 14.9,
      pesoBase: 'pesato',
      importo: 1260540,
    });
  });

  it("neither weighed: net m³ × density, said 'teorico'", () => {
    expect(calcolaRiga(bl14)).toMatchObject({ peso: 13.07, pesoBase: 'teorico', importo: 1105722 }); // 4.84 × 2.7 = 13.068
  });
});

describe('pesoBlocco', () => {
  it('weighbridge first (the collaudo reading, then the block), else the net volume × density to 2 decimals', () => {
    expect(
      pesoBlocco({ pesoRilevato: 14.9, pesoPesa: 15.08, volumeNettoM3: 4.84, densita: 2.7 }),
    ).toEqual({ t: 14.9, base: 'pesato' });
    expect(pesoBlocco({ pesoPesa: 15.08, volumeNettoM3: 4.84, densita: 2.7 })).toEqual({
      t: 15.08,
      base: 'pesato',
    });
    expect(
      pesoBlocco({ pesoRilevato: null, pesoPesa: null, volumeNettoM3: 3.75, densita: 2.71 }),
    ).toEqual({ t: 10.16, base: 'teorico' });
  });
});
