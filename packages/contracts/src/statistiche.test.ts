import { describe, expect, it } from 'vitest';
import {
  annoPrima,
  giorniPeriodo,
  periodiConfronto,
  periodoPreset,
  statisticheQuerySchema,
} from './statistiche.js';

describe('statistiche periods', () => {
  it('compares with the period of equal length just before and the same dates a year earlier', () => {
    expect(periodiConfronto({ dal: '2026-03-01', al: '2026-03-31' })).toEqual({
      previous: { dal: '2026-01-29', al: '2026-02-28' },
      lastYear: { dal: '2025-03-01', al: '2025-03-31' },
    });
    expect(periodiConfronto({ dal: '2026-01-01', al: '2026-11-24' }).previous).toEqual({
      dal: '2025-02-07',
      al: '2025-12-31',
    });
    expect(giorniPeriodo('2026-01-01', '2026-01-01')).toBe(1);
  });

  it('moves 29 February to the 28th a year earlier', () => {
    expect(annoPrima('2028-02-29')).toBe('2027-02-28');
    expect(annoPrima('2026-02-28')).toBe('2025-02-28');
  });

  it('gives the presets from today', () => {
    expect(periodoPreset('mese', '2026-11-24')).toEqual({ dal: '2026-11-01', al: '2026-11-24' });
    expect(periodoPreset('anno', '2026-11-24')).toEqual({ dal: '2026-01-01', al: '2026-11-24' });
    expect(periodoPreset('ultimi12', '2026-11-24')).toEqual({
      dal: '2025-12-01',
      al: '2026-11-24',
    });
    expect(periodoPreset('ultimi12', '2026-12-05')).toEqual({
      dal: '2026-01-01',
      al: '2026-12-05',
    });
  });

  it('refuses a period that ends before it starts or lasts over ten years', () => {
    expect(statisticheQuerySchema.safeParse({ dal: '2026-02-01', al: '2026-01-01' }).success).toBe(
      false,
    );
    expect(statisticheQuerySchema.safeParse({ dal: '2000-01-01', al: '2026-01-01' }).success).toBe(
      false,
    );
    expect(
      statisticheQuerySchema.safeParse({ dal: '2026-01-01', al: '2026-01-31', per: 'materiale' })
        .success,
    ).toBe(true);
  });
});
