import { describe, expect, it } from 'vitest';
import { passwordSchema } from './auth.js';

describe('passwordSchema', () => {
  it('refuses a password made only of spaces, in Italian', () => {
    const result = passwordSchema.safeParse(' '.repeat(10));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('La password non può essere fatta solo di spazi');
    expect(passwordSchema.safeParse('\t \u00a0'.repeat(4)).success).toBe(false);
  });

  it('keeps spaces inside and around a real password', () => {
    expect(passwordSchema.safeParse('  marmo di Carrara  ').success).toBe(true);
  });
});
