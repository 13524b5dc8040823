import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

describe('count cache', () => {
  it('keeps a total for a few seconds, then counts again', async () => {
    let clock = 0;
    let counted = 0;
    const cache = createCountCache(() => clock);
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    clock = 4_999;
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    clock = 5_000;
    expect(await cache.get('a', count)).toBe(3);
  });

  it('forgets every total on a change, and never keeps one counted across it', async () => {
    const cache = createCountCache(() => 0);
    expect(await cache.get('a', async () => 10)).toBe(10);
    cache.clear();
    expect(await cache.get('a', async () => 11)).toBe(11);
    // A write lands while this count runs: its answer is served once, not kept.
    expect(
      await cache.get('b', async () => {
        cache.clear();
        return 20;
      }),
    ).toBe(20);
    expect(await cache.get('b', async () => 21)).toBe(21);
  });
});
