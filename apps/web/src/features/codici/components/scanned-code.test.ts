import { describe, expect, it } from 'vitest';
import { codeFromScan } from './scanned-code';

describe('codeFromScan', () => {
  it('takes the code out of a label’s link', () => {
    expect(codeFromScan('https://gestcava.cava.example/c/BL-2026-0042')).toBe('BL-2026-0042');
    expect(codeFromScan('http://localhost:3000/c/LO-2026-0012%2F1')).toBe('LO-2026-0012/1');
    expect(codeFromScan('https://gestcava.cava.example/c/PK-2026-0031/?src=qr')).toBe(
      'PK-2026-0031',
    );
  });

  it('keeps a plain code as it is', () => {
    expect(codeFromScan(' BL-2026-0042-007 ')).toBe('BL-2026-0042-007');
  });
});
