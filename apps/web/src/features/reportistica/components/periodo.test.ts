import { describe, expect, it } from 'vitest';
import { periodoOf } from './periodo';

describe('report periods', () => {
  it('months and years from today, the previous month across the new year', () => {
    expect(periodoOf('mese', '2026-11-24')).toEqual({ dal: '2026-11-01', al: '2026-11-24' });
    expect(periodoOf('mese-scorso', '2026-03-05')).toEqual({ dal: '2026-02-01', al: '2026-02-28' });
    expect(periodoOf('mese-scorso', '2027-01-10')).toEqual({ dal: '2026-12-01', al: '2026-12-31' });
    expect(periodoOf('anno', '2026-11-24')).toEqual({ dal: '2026-01-01', al: '2026-11-24' });
    expect(periodoOf('anno-scorso', '2026-11-24')).toEqual({ dal: '2025-01-01', al: '2025-12-31' });
  });
});
