import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { jsonResponse } from '@/test/fixtures';
import { StagingBanner } from './staging-banner';

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StagingBanner />
    </QueryClientProvider>,
  );
}

const health = (staging: boolean) => ({ status: 'ok', version: '1.0.0', db: 'pglite', dbName: 'gestcava', staging });

describe('staging banner (SPEC §2)', () => {
  const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => vi.unstubAllGlobals());

  it("'STAGING MODE - DB: {dbName} | Server: {address}' when the server says staging", async () => {
    fetchMock.mockResolvedValue(jsonResponse(health(true)));
    renderBanner();
    expect(await screen.findByTestId('staging-banner')).toHaveTextContent(
      `STAGING MODE - DB: gestcava | Server: ${window.location.origin}`,
    );
  });

  it('nothing in production, nor when health fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(health(false)));
    const { container } = renderBanner();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
