import { describe, expect, it } from 'vitest';

/**
 * One web API shape (docs/architecture.md "Web: one API shape"): every file under features/*\/api
 * builds on defineResource, except these, which are not resources. A new exception is added here
 * and to that docs section, or the call goes through a resource.
 */
const OUTSIDE = [
  'auth/api/auth.ts',
  'auth/api/logout.ts',
  'codici/api/codici.ts',
  'condivisioni/api/pubblico.ts',
  'health/api/health.ts',
  'photos/api/photo-upload.ts',
  'reportistica/api/reportistica.ts',
  'schedule/api/schedule.ts',
];

const files = import.meta.glob<string>(['../features/*/api/*.ts', '!../features/*/api/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const name = (path: string) => path.replace('../features/', '');

describe('the web API shape', () => {
  it('every feature API file is a resource, but at most eight that are not', () => {
    const paths = Object.keys(files).map(name);
    expect(paths.length).toBeGreaterThan(25);
    const notResources = paths.filter(
      (p) =>
        !/from '@\/lib\/define-resource'|\bLOOKUP_RESOURCES\b|\.sub\(/.test(
          files[`../features/${p}`]!,
        ),
    );
    expect(notResources.sort()).toEqual(OUTSIDE);
    expect(OUTSIDE.length).toBeLessThanOrEqual(8);
  });

  it('no resource file builds a cache by hand: its reads and writes go through the resource', () => {
    const byHand = Object.entries(files)
      .filter(([p]) => !OUTSIDE.includes(name(p)))
      .filter(([, text]) => /\b(useQuery|useMutation|queryOptions|useQueryClient)\b/.test(text))
      .map(([p]) => name(p));
    expect(byHand).toEqual([]);
  });
});
