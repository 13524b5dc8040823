import { describe, expect, it } from 'vitest';
import { lavorazionePavimentiHistoryValue } from './lavorazione-pavimenti-format';

describe('tile cut history values', () => {
  it('the yield in its unit with a decimal comma: m²/m³ from a block, % from slabs', () => {
    expect(lavorazionePavimentiHistoryValue('resa', 36.38, 'blocco')).toBe('36,38 m²/m³');
    expect(lavorazionePavimentiHistoryValue('resa', 87.5, 'lastre')).toMatch(/^87,5\s?%$/);
    expect(lavorazionePavimentiHistoryValue('resa', null, 'blocco')).toBe('—');
    expect(lavorazionePavimentiHistoryValue('pezzi', 1250, 'blocco')).toBe('1.250 pezzi');
  });
});
