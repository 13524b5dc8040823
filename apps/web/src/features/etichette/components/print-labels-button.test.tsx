import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/session';
import { fetchMock, installApiMocks } from '@/test/api-mocks';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { LabelsAddress } from './labels-address';
import { PrintLabelsButton } from './print-labels-button';

installApiMocks();

function answer(address: { publicUrl: string; loopback: boolean }) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input).endsWith('/api/etichette/indirizzo')
        ? jsonResponse(address)
        : jsonResponse({ message: 'unexpected call' }, 599),
    ),
  );
}

const withQueries = (ui: React.ReactElement) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {ui}
    </QueryClientProvider>,
  );

afterEach(() => clearSession());

describe('labels pointing to a loopback address', () => {
  it('the print button warns an administrator that the QR codes open on no phone', async () => {
    setSession(DEMO_USERS.admin, 'token');
    answer({ publicUrl: 'http://localhost:3000', loopback: true });
    withQueries(<PrintLabelsButton entityType="blocco" ids={['b1']} />);
    expect(await screen.findByTestId('labels-address-warning')).toHaveTextContent(
      'I QR puntano a http://localhost:3000: i telefoni non lo aprono',
    );
    expect(screen.getByRole('button', { name: 'Stampa etichetta' })).toBeEnabled();
  });

  it('a yard user is not told on every page what only an administrator can fix', async () => {
    setSession(DEMO_USERS.produzione, 'token');
    answer({ publicUrl: 'http://localhost:3000', loopback: true });
    withQueries(<PrintLabelsButton entityType="blocco" ids={['b1']} />);
    await screen.findByRole('button', { name: 'Stampa etichetta' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('labels-address-warning')).toBeNull();
  });

  it('a public address: the button alone', async () => {
    answer({ publicUrl: 'https://gestcava.cava.example', loopback: false });
    withQueries(
      <>
        <PrintLabelsButton entityType="blocco" ids={['b1']} />
        <LabelsAddress />
      </>,
    );
    // the same query answered: the settings' line is there, the button's warning is not
    await screen.findByTestId('labels-address');
    expect(screen.queryByTestId('labels-address-warning')).toBeNull();
  });

  it('the admin settings show the address either way, and how to fix a local one', async () => {
    answer({ publicUrl: 'https://gestcava.cava.example', loopback: false });
    const { unmount } = withQueries(<LabelsAddress />);
    expect(await screen.findByTestId('labels-address')).toHaveTextContent(
      'Le etichette puntano a https://gestcava.cava.example',
    );
    unmount();
    answer({ publicUrl: 'http://127.0.0.1:3000', loopback: true });
    withQueries(<LabelsAddress />);
    expect(await screen.findByTestId('labels-address-warning')).toHaveTextContent(
      /puntano a http:\/\/127\.0\.0\.1:3000, un indirizzo locale .* imposta PUBLIC_URL/,
    );
  });
});
