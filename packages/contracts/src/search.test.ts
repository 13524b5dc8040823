import { describe, expect, it } from 'vitest';
import { searchKey } from './search.js';

describe('searchKey', () => {
  it('ignores accents, case and apostrophe style', () => {
    expect(searchKey('Già aperto')).toBe(searchKey('gia aperto'));
    expect(searchKey('Dell’Amico')).toBe("dell'amico");
    expect(searchKey('Dell`Amico ´ ‘x’')).toBe("dell'amico ' 'x'");
    expect(searchKey('FORLÌ, Perché')).toBe('forli, perche');
  });
});
