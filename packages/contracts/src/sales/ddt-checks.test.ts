import { describe, expect, it } from 'vitest';
import { avvisoMassaComplessiva, avvisoPortata, controllaInizioTrasporto } from './ddt-checks.js';

describe('the start of a DDT transport', () => {
  it('before the DDT date is an error; more than 3 days after, a warning', () => {
    expect(controllaInizioTrasporto('2025-01-15T08:00:00+01:00', '2026-11-28').errore).toBe(
      'Inizio trasporto: il 15/01/2025 è prima della data del DDT (28/11/2026)',
    );
    // 23:30 UTC of the 27th is already the 28th in Italy
    expect(controllaInizioTrasporto('2026-11-27T23:30:00Z', '2026-11-28')).toEqual({
      errore: null,
      avviso: null,
    });
    expect(controllaInizioTrasporto('2026-12-08T08:00:00+01:00', '2026-11-28').avviso).toBe(
      'Il trasporto inizia 10 giorni dopo la data del DDT (28/11/2026): controlla la data',
    );
  });
});

describe('a load over the truck payload', () => {
  it('warns with the kg and the payload, says nothing within it or without a known truck', () => {
    expect(avvisoPortata(25_770, { targa: 'FG 482 KT', portataT: 25 })).toBe(
      "Carico di 25.770 kg oltre la portata dell'automezzo FG 482 KT (25 t): controlla prima di emettere",
    );
    expect(avvisoPortata(25_000, { targa: 'FG 482 KT', portataT: 25 })).toBeNull();
    expect(avvisoPortata(25_770, null)).toBeNull();
  });
});

describe('a gross mass over the 44 t road limit', () => {
  const bilico = { targa: 'FG 482 KT', taraKg: 15_500 };
  it('warns with tare + load against 44.000 kg', () => {
    expect(avvisoMassaComplessiva(29_000, bilico)).toBe(
      "Massa complessiva di 44.500 kg (tara 15.500 kg + carico 29.000 kg) oltre il limite di 44.000 kg su strada dell'automezzo FG 482 KT: controlla prima di emettere",
    );
  });
  it('says nothing at the limit, without a tare or without a known truck', () => {
    expect(avvisoMassaComplessiva(28_500, bilico)).toBeNull();
    expect(avvisoMassaComplessiva(40_000, { targa: 'FG 482 KT', taraKg: null })).toBeNull();
    expect(avvisoMassaComplessiva(50_000, null)).toBeNull();
  });
});
