import { describe, expect, it } from 'vitest';
import { ENTITY_PAGES, detailPath, pageOfDetailPath } from './pages.js';

describe('entity pages', () => {
  it('builds detail paths under the list path', () => {
    expect(detailPath('bancata', 'b1')).toBe('/app/bancate/b1');
    expect(detailPath('blocco', 'x')).toBe('/app/pages/blocchi/x');
    expect(detailPath('blocco-esterno', 'x')).toBe('/app/pages/blocchi-esterni/x');
    expect(detailPath('cliente', 'c')).toBe('/app/pages/clienti/c');
  });

  it('finds the page of a detail path, a bought blocco included', () => {
    expect(pageOfDetailPath('/app/pages/blocchi-esterni/x')).toBe('blocchi-esterni');
    expect(pageOfDetailPath('/app/pages/blocchi/x')).toBe('blocchi');
    expect(pageOfDetailPath('/app/bancate/b1')).toBe('bancate');
    expect(pageOfDetailPath('/app/pages/blocchi')).toBeUndefined();
    expect(pageOfDetailPath('/altrove/x')).toBeUndefined();
  });

  it('gives every kind a path of its own', () => {
    const paths = Object.values(ENTITY_PAGES).map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
