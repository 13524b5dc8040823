import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { getHealth } from './health';

const health = { status: 'ok', version: '1.0.0', db: 'pglite', dbName: 'gestcava', staging: true };

describe('getHealth (the staging banner’s source, docs/screens.md)', () => {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => vi.unstubAllGlobals());

  it('reads GET /api/health', async () => {
    fetchMock.mockResolvedValue(jsonResponse(health));
    await expect(getHealth()).resolves.toMatchObject({ staging: true, dbName: 'gestcava' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/health');
  });

  it('a failed call is null, so no banner shows', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Errore interno' }, 500));
    await expect(getHealth()).resolves.toBeNull();
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(getHealth()).resolves.toBeNull();
  });
});
