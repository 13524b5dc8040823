import { describe, expect, it } from 'vitest';
import { normalizeCodice } from './codici.js';

describe('normalizeCodice', () => {
  it.each([
    ['BL-2026-0042', 'BL-2026-0042'],
    ['bl2026 42', 'BL-2026-0042'],
    [' bl-2026-42 ', 'BL-2026-0042'],
    ['BL.2026.0042', 'BL-2026-0042'],
    ['bl 2026 42 7', 'BL-2026-0042-007'],
    ['BL-2026-0042-007', 'BL-2026-0042-007'],
    ['pk2026_31', 'PK-2026-0031'],
    ['lo2026-12/1', 'LO-2026-0012/1'],
    ['LO-2026-0012 / 02', 'LO-2026-0012/2'],
  ])('%s → %s', (typed, stored) => {
    expect(normalizeCodice(typed)).toBe(stored);
  });

  it('leaves what is not a series code as typed, trimmed and upper-case', () => {
    expect(normalizeCodice(' vecchio 12 ')).toBe('VECCHIO 12');
    expect(normalizeCodice('BL-26-42')).toBe('BL-26-42');
  });
});
