import { describe, expect, it } from 'vitest';
import {
  bolloDovuto,
  casoIvaCliente,
  latin1,
  prezzoTotaleRiga,
  riepiloghi,
  scadenzaDa,
  totaliFattura,
} from './fatture-calc.js';

describe('fatture arithmetic', () => {
  it('rounds a line half up after its discount', () => {
    expect(
      prezzoTotaleRiga({ quantita: 8.125, prezzoUnitario: 1450, scontoPercentuale: 3.5 }),
    ).toBe(11368.91);
    expect(prezzoTotaleRiga({ quantita: null, prezzoUnitario: 2, scontoPercentuale: null })).toBe(
      2,
    );
    expect(prezzoTotaleRiga({ quantita: 0.5, prezzoUnitario: 0.01, scontoPercentuale: null })).toBe(
      0.01,
    );
  });

  it('sums summaries per rate and nature and taxes them half up', () => {
    const r = riepiloghi([
      { prezzoTotale: 10.05, aliquotaIva: 22, natura: null },
      { prezzoTotale: 0.02, aliquotaIva: 22, natura: null },
      { prezzoTotale: 2, aliquotaIva: 0, natura: 'N1' },
    ]);
    expect(r).toEqual([
      {
        aliquotaIva: 22,
        natura: null,
        imponibile: 10.07,
        imposta: 2.22,
        riferimentoNormativo: null,
      },
      {
        aliquotaIva: 0,
        natura: 'N1',
        imponibile: 2,
        imposta: 0,
        riferimentoNormativo: 'Escluso art. 15 D.P.R. 633/1972',
      },
    ]);
    expect(totaliFattura(r)).toEqual({ imponibile: 12.07, imposta: 2.22, totale: 14.29 });
  });

  it('picks the VAT case from the cliente', () => {
    expect(casoIvaCliente({ nazione: 'IT', partitaIva: '1' })).toEqual({
      aliquotaIva: 22,
      natura: null,
    });
    expect(casoIvaCliente({ nazione: 'DE', partitaIva: '1' }).natura).toBe('N3.2');
    expect(casoIvaCliente({ nazione: 'US', partitaIva: null }).natura).toBe('N3.1');
    expect(
      casoIvaCliente({ nazione: 'IT', partitaIva: '1', dichiarazioneIntento: { protocollo: 'x' } })
        .natura,
    ).toBe('N3.5');
  });

  it('owes the stamp duty above 77,47 without VAT, not on exports', () => {
    expect(bolloDovuto([{ prezzoTotale: 77.47, aliquotaIva: 0, natura: 'N3.5' }])).toBeNull();
    expect(bolloDovuto([{ prezzoTotale: 77.48, aliquotaIva: 0, natura: 'N3.5' }])).toBe(2);
    expect(bolloDovuto([{ prezzoTotale: 5000, aliquotaIva: 0, natura: 'N3.1' }])).toBeNull();
  });

  it('computes due dates and writes Latin-1', () => {
    expect(scadenzaDa('2026-01-31', 30, false)).toBe('2026-03-02');
    expect(scadenzaDa('2026-01-10', 60, true)).toBe('2026-04-01');
    expect(latin1('Blocco “Calacatta” – 3 m³ € 5 ≥ ok')).toBe(
      'Blocco "Calacatta" - 3 m3 EUR 5 ? ok',
    );
  });
});
