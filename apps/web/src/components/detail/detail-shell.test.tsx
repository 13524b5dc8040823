import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api';
import { renderRoutes } from '@/test/render';
import { BackToList, DetailShell, type RecordQuery } from './detail-shell';

const NOT_FOUND = { title: 'Bancata non trovata', text: 'La bancata richiesta non esiste o è stata eliminata.' };

function renderShell(query: RecordQuery<{ codice: string }>) {
  return renderRoutes(
    [
      {
        path: '/app/bancate/:id',
        element: (
          <DetailShell query={query} title="Bancata" back={<BackToList to="/app/bancate?q=4" label="Elenco bancate" />} notFound={NOT_FOUND}>
            {(b) => <p>Pagina di {b.codice}</p>}
          </DetailShell>
        ),
      },
    ],
    '/app/bancate/1',
  );
}

const base = { data: undefined, isPending: false, isError: false, error: null, refetch: () => undefined };

describe('DetailShell', () => {
  it('loading: the header with its back link and a busy placeholder', () => {
    renderShell({ ...base, isPending: true });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Bancata');
    expect(screen.getByTestId('back-to-list')).toHaveAttribute('href', '/app/bancate?q=4');
    expect(screen.getByLabelText('Caricamento')).toHaveAttribute('aria-busy', 'true');
  });

  it('404: not found, nothing to retry', () => {
    renderShell({ ...base, isError: true, error: new ApiError({ status: 404, message: 'Non trovato', code: 'NOT_FOUND' }) });
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
});
