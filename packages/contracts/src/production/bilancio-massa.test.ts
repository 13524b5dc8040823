import { describe, expect, it } from 'vitest';
import { bilancioMassa } from './bilancio-massa.js';

// a closed bancata's blocks + informi + scaglie + scogliere + terre ≈ its gross weight, within 10 %.
describe('bilancioMassa', () => {
  const base = {
    lordoT: 1000,
    blocchiT: 300.25,
    informiBlocchiT: 20.5,
    informiT: 79.5,
    scaglieT: 450,
    scaglieScureT: null,
    scogliereT: null,
    terreT: 100,
    chiusa: true,
  };

  it('adds informi blocks to the loose informi and compares the total with the gross weight', () => {
    // 300.25 + (20.5 + 79.5) + 450 + 100 = 950.25 t, 4.975 % short → 5.0 %
    expect(bilancioMassa(base)).toEqual({
      lordoT: 1000,
      blocchiT: 300.25,
      informiT: 100,
      scaglieT: 450,
      scogliereT: 0,
      terreT: 100,
      totaleT: 950.25,
      differenzaPercent: -5,
      fuoriTolleranza: false,
    });
  });

  it('has no balance while open and nothing has come out of it (a planned bancata is not −100 %)', () => {
    const nothing = {
      ...base,
      blocchiT: 0,
      informiBlocchiT: 0,
      informiT: null,
      scaglieT: null,
      terreT: null,
    };
    expect(bilancioMassa({ ...nothing, chiusa: false }).differenzaPercent).toBeNull();
    expect(bilancioMassa({ ...nothing, chiusa: true }).differenzaPercent).toBe(-100);
  });

  it('flags a closed bancata off by more than 10 %, either way, and never an open one', () => {
    // by-products not typed: 320.75 of 1000 t, −67.9 %
    const untyped = bilancioMassa({ ...base, informiT: null, scaglieT: null, terreT: null });
    expect([untyped.totaleT, untyped.differenzaPercent, untyped.fuoriTolleranza]).toEqual([
      320.75,
      -67.9,
      true,
    ]);
    expect(
      bilancioMassa({ ...base, informiT: null, scaglieT: null, terreT: null, chiusa: false })
        .fuoriTolleranza,
    ).toBe(false);
    // 10.1 % over: 1101 t
    expect(bilancioMassa({ ...base, scaglieT: 600.75 }).fuoriTolleranza).toBe(true);
    // exactly 10 % over is within: 1100 t
    expect(bilancioMassa({ ...base, scaglieT: 599.75 })).toMatchObject({
      totaleT: 1100,
      differenzaPercent: 10,
      fuoriTolleranza: false,
    });
  });

  it('counts scaglie scure with the bianche and the scogliere on their own', () => {
    // 300.25 + 100 + (380 + 45.55) + 30.2 + 100 = 956 t, 4.4 % short
    expect(
      bilancioMassa({ ...base, scaglieT: 380, scaglieScureT: 45.55, scogliereT: 30.2 }),
    ).toMatchObject({
      scaglieT: 425.55,
      scogliereT: 30.2,
      totaleT: 956,
      differenzaPercent: -4.4,
    });
  });

  it('has no percentage without a gross weight', () => {
    expect(bilancioMassa({ ...base, lordoT: 0 })).toMatchObject({
      differenzaPercent: null,
      fuoriTolleranza: false,
    });
  });
});
