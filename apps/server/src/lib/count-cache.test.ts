import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

describe('count cache', () => {
  it("keeps a total for Rome's day it was counted on, then counts again", async () => {
    let day = '2026-11-28';
    let counted = 0;
    const cache = createCountCache(() => day);
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    // midnight: an option lapsed without a write
    day = '2026-11-29';
    expect(await cache.get('a', count)).toBe(3);
    expect(await cache.get('a', count)).toBe(3);
  });

  it('counts again after ten minutes, whatever the day: the database may date it otherwise', async () => {
    let clock = 0;
    let counted = 0;
    const cache = createCountCache(
      () => '2026-11-28',
      async () => true,
      () => clock,
    );
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    clock = 10 * 60_000 - 1;
    expect(await cache.get('a', count)).toBe(1);
    clock = 10 * 60_000;
    expect(await cache.get('a', count)).toBe(2);
  });

  it('a count that began on the day before is not kept for today', async () => {
    let day = '2026-11-28';
    let release = () => {};
    const cache = createCountCache(() => day);
    const late = cache.get(
      'a',
      () => new Promise<number>((resolve) => (release = () => resolve(1))),
    );
    await new Promise((r) => setImmediate(r));
    day = '2026-11-29';
    release();
    expect(await late).toBe(1);
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('forgets every total on a change, and never keeps one counted across it', async () => {
    const cache = createCountCache(() => '2026-11-28');
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

describe('count cache under load', () => {
  it('lets requests that want a figure being counted wait for that count', async () => {
    const cache = createCountCache(() => '2026-11-28');
    let counted = 0;
    let release = () => {};
    const count = () =>
      new Promise<number>((resolve) => {
        counted += 1;
        release = () => resolve(counted);
      });
    const first = cache.get('a', count);
    const second = cache.get('a', count);
    await new Promise((r) => setImmediate(r));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(counted).toBe(1);
  });

  it('a request after a change does not wait for a count that started before it', async () => {
    const cache = createCountCache(() => '2026-11-28');
    let release = () => {};
    const before = cache.get(
      'a',
      () => new Promise<number>((resolve) => (release = () => resolve(1))),
    );
    await new Promise((r) => setImmediate(r));
    cache.clear();
    expect(await cache.get('a', async () => 2)).toBe(2);
    release();
    expect(await before).toBe(1);
    expect(await cache.get('a', async () => 3)).toBe(2);
  });

  it('counts every time, keeping nothing, while it cannot know of every change', async () => {
    let synced = false;
    const cache = createCountCache(
      () => '2026-11-28',
      async () => synced,
    );
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(2);
    synced = true;
    expect(await cache.get('a', count)).toBe(3);
    expect(await cache.get('a', count)).toBe(3);
  });
});
