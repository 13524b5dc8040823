import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api';
import { NotOnDeviceError } from '@/lib/offline/not-on-device';
import { renderRoutes } from '@/test/render';
import { BackToList, DetailShell, type RecordQuery } from './detail-shell';

const NOT_FOUND = {
  title: 'Bancata non trovata',
  text: 'La bancata richiesta non esiste o è stata eliminata.',
};

function renderShell(query: RecordQuery<{ codice: string }>) {
  return renderRoutes(
    [
      {
        path: '/app/bancate/:id',
        element: (
          <DetailShell
            query={query}
            title="Bancata"
            back={<BackToList to="/app/bancate?q=4" label="Elenco bancate" />}
            notFound={NOT_FOUND}
          >
            {(b) => <p>Pagina di {b.codice}</p>}
          </DetailShell>
        ),
      },
    ],
    '/app/bancate/1',
  );
}

const base = {
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: () => undefined,
};

describe('DetailShell', () => {
  it('loading: the header with its back link and a busy placeholder', () => {
    renderShell({ ...base, isPending: true });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Bancata');
    expect(screen.getByTestId('back-to-list')).toHaveAttribute('href', '/app/bancate?q=4');
    expect(screen.getByLabelText('Caricamento')).toHaveAttribute('aria-busy', 'true');
  });

  it('404: not found, nothing to retry', () => {
    renderShell({
      ...base,
      isError: true,
      error: new ApiError({ status: 404, message: 'Non trovato', code: 'NOT_FOUND' }),
    });
    expect(screen.getByRole('heading', { name: 'Bancata non trovata' })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND.text)).toBeInTheDocument();
    expect(screen.queryByTestId('detail-retry')).toBeNull();
  });

  it('any other failure: the server message and Riprova, which asks again', async () => {
    const refetch = vi.fn();
    renderShell({ ...base, isError: true, error: new Error('Server non raggiungibile'), refetch });
    expect(screen.getByRole('heading', { name: 'Caricamento non riuscito' })).toBeInTheDocument();
    expect(screen.getByText('Server non raggiungibile')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByTestId('detail-retry'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('the record: the page itself', () => {
    renderShell({ ...base, data: { codice: 'BA-2026-0001' } });
    expect(screen.getByText('Pagina di BA-2026-0001')).toBeInTheDocument();
  });

  it('offline, never opened on this device: says so, with the items that are there', async () => {
    renderShell({ ...base, isError: true, error: new NotOnDeviceError() });
    expect(screen.getByRole('heading', { name: 'Non disponibile offline' })).toBeInTheDocument();
    expect(screen.getByTestId('not-on-device')).toHaveTextContent(
      'Non disponibile offline: apri la scheda quando sei in linea per averla sul dispositivo',
    );
    expect(
      screen.getByRole('heading', { name: 'Visti di recente sul dispositivo' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Nessuna scheda sul dispositivo/)).toBeInTheDocument();
  });

  it('the record shown offline is marked with when it was loaded; online, no mark', () => {
    const loadedAt = new Date(2026, 10, 26, 9, 41).getTime();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = renderShell({
      ...base,
      data: { codice: 'BA-2026-0001' },
      dataUpdatedAt: loadedAt,
    });
    expect(screen.getByTestId('device-copy-mark')).toHaveTextContent(
      'Copia sul dispositivo, aggiornata alle 09:41 del 26/11/26',
    );
    expect(screen.getByText('Pagina di BA-2026-0001')).toBeInTheDocument();
    unmount();
    online.mockReturnValue(true);
    renderShell({ ...base, data: { codice: 'BA-2026-0001' }, dataUpdatedAt: loadedAt });
    expect(screen.queryByTestId('device-copy-mark')).toBeNull();
  });
});
