import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const key = new TextEncoder().encode('k'.repeat(64));
const claims = { userId: 'u1', sessionId: 's1' };

describe('verifyAccessToken keeps what verified', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it verified before, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const token = await signAccessToken(key, claims, new Date('2026-11-24T10:00:05Z'));
    expect(await verifyAccessToken(key, token)).toEqual(claims);
    expect(await verifyAccessToken(key, token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-24T10:00:06Z'));
    expect(await verifyAccessToken(key, token)).toBeNull();
  });

  it('does not answer a token verified under another key', async () => {
    const token = await signAccessToken(key, claims, new Date(Date.now() + 60_000));
    expect(await verifyAccessToken(key, token)).toEqual(claims);
    expect(await verifyAccessToken(new TextEncoder().encode('o'.repeat(64)), token)).toBeNull();
  });
});
