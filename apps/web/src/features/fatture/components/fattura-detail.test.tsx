import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fattura } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { FatturaDetail } from './fattura-detail';

const id = (n: number) => `01a2013d-0000-7000-8000-${String(n).padStart(12, '0')}`;
const emessa: Fattura = {
  _id: id(50),
  tipoDocumento: 'TD01',
  stato: 'emessa',
  numero: 12,
  anno: 2026,
  numeroDocumento: '12/2026',
  data: '2026-11-20',
  nomeFile: 'IT01234567897_A0001.xml',
  esito: 'scartata',
  imponibile: 1000,
  imposta: 220,
  totale: 1220,
  cliente: { _id: id(1), ragioneSociale: 'Marmi Rossi S.p.A.' },
  cessionario: {
    ragioneSociale: 'Marmi Rossi S.p.A.',
    partitaIva: '01234567897',
    codiceFiscale: null,
    indirizzo: 'Via Carriona 1',
    cap: '54033',
    comune: 'Carrara',
    provincia: 'MS',
    nazione: 'IT',
    codiceSdi: null,
    pec: 'marmirossi@pec.example',
  },
  ddt: [],
  righe: [
    {
      numeroLinea: 1,
      ddtId: null,
      ddtRigaId: null,
      entityType: null,
      entityId: null,
      codice: null,
      descrizione: 'Lastre di Statuario lucidate',
      quantita: 10,
      unitaMisura: 'm2',
      prezzoUnitario: 100,
      scontoPercentuale: null,
      prezzoTotale: 1000,
      aliquotaIva: 22,
      natura: null,
    },
  ],
  riepilogo: [
    { aliquotaIva: 22, natura: null, imponibile: 1000, imposta: 220, riferimentoNormativo: null },
  ],
  bollo: null,
  pagamento: { condizioni: 'TP02', modalita: 'MP05', iban: null, scadenze: [] },
  fatturaCollegata: null,
  causale: null,
  note: null,
  esiti: [
    {
      esito: 'scartata',
      data: '2026-11-21',
      note: '00305 - IdFiscaleIVA del cessionario non valido',
      nomeFile: 'IT01234567897_A0001.xml',
      notifica: 'IT01234567897_A0001_NS_001.xml',
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  emessaAt: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

let current: Fattura;
const calls: string[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  calls.push(`${method} ${url.replace(/\?.*$/, '')}`);
  if (url.endsWith(`/api/fatture/${id(50)}/history`)) return Promise.resolve(jsonResponse([]));
  if (url.endsWith(`/api/fatture/${id(50)}/correggi`)) {
    current = { ...current, stato: 'bozza', esito: null };
    return Promise.resolve(jsonResponse(current));
  }
  if (url.endsWith(`/api/fatture/${id(50)}`) && method === 'DELETE')
    return Promise.resolve(new Response(null, { status: 204 }));
  if (url.endsWith(`/api/fatture/${id(50)}`)) return Promise.resolve(jsonResponse(current));
  if (url.includes('/api/fatture/da-fatturare')) return Promise.resolve(jsonResponse({ ddt: [] }));
  return Promise.resolve(jsonResponse({ items: [], total: 0, page: 1, limit: 20 }));
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/app/pages/fatture/:id', element: <FatturaDetail id={id(50)} /> },
      { path: '/app/pages/fatture', element: <p>elenco delle fatture</p> },
    ],
    `/app/pages/fatture/${id(50)}`,
  );
}

beforeEach(() => {
  setSession(DEMO_USERS.vendite, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  calls.length = 0;
  current = emessa;
});
afterEach(() => vi.unstubAllGlobals());

describe('an invoice’s page', { timeout: 30_000 }, () => {
  it('emitted: read-only, with its SDI outcome and notification file; a scartata one is corrected with its number and date', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('page-title')).toHaveTextContent('Fattura 12/2026'),
    );
    expect(screen.getByTestId('fattura-esito')).toHaveTextContent('SDI: Scartata');
    expect(screen.getByTestId('fattura-esiti')).toHaveTextContent(
      'Notifica IT01234567897_A0001_NS_001.xml',
    );
    expect(screen.getByTestId('fattura-esiti')).toHaveTextContent('IdFiscaleIVA del cessionario');
    expect(screen.getByTestId('fattura-data')).toHaveTextContent('PEC marmirossi@pec.example');
    expect(screen.getByTestId('fattura-totali')).toHaveTextContent('Totale 1.220,00 €');
    expect(screen.queryByTestId('fattura-modifica')).toBeNull();
    expect(screen.queryByTestId('fattura-elimina')).toBeNull();

    await user.click(screen.getByTestId('fattura-correggi'));
    await user.click(screen.getByTestId('fattura-correggi-dialog-confirm'));
    expect(await screen.findByText('Correggi la fattura 12/2026')).toBeInTheDocument();
    expect(calls).toContain(`POST /api/fatture/${id(50)}/correggi`);
    expect(
      screen.getByText(/20\/11\/26 \(la data di una fattura scartata resta quella\)/),
    ).toBeVisible();
    expect(screen.getByDisplayValue('Lastre di Statuario lucidate')).toBeInTheDocument();
  });

  it('a draft is deleted only after the question, then the list opens', async () => {
    const user = userEvent.setup({ delay: null });
    current = {
      ...emessa,
      stato: 'bozza',
      numero: null,
      anno: null,
      numeroDocumento: null,
      nomeFile: null,
      esito: null,
      esiti: [],
    };
    const { router } = renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('page-title')).toHaveTextContent('Bozza di fattura'),
    );
    await user.click(screen.getByTestId('fattura-elimina'));
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    await user.click(screen.getByTestId('fattura-elimina-dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/pages/fatture'));
    expect(calls).toContain(`DELETE /api/fatture/${id(50)}`);
  });
});
