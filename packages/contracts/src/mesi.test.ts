import { describe, expect, it } from 'vitest';
import { MESI, MESI_BREVI } from './index.js';

describe('Italian month names', () => {
  it('are the it-IT names, January first, with their usual short forms', () => {
    const names = Array.from({ length: 12 }, (_, month) =>
      new Intl.DateTimeFormat('it-IT', { month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2026, month, 15),
      ),
    );
    expect(MESI).toEqual(names);
    expect(MESI_BREVI).toEqual([
      'gen',
      'feb',
      'mar',
      'apr',
      'mag',
      'giu',
      'lug',
      'ago',
      'set',
      'ott',
      'nov',
      'dic',
    ]);
  });
});
