import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DaFatturare, Fattura } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { nuovaFatturaPath } from '@/components/fatture/nuova-fattura-path';
import { NuovaFattura } from './nuova-fattura';

const id = (n: number) => `01a2013d-0000-7000-8000-${String(n).padStart(12, '0')}`;
const cliente = { _id: id(1), ragioneSociale: 'Marmi Rossi S.p.A.' };

const riga = (ddt: number, n: number, descrizione: string, prezzoTotale: number) => ({
  ddtId: id(ddt),
  ddtRigaId: id(100 + n),
  entityType: 'blocco' as const,
  entityId: id(200 + n),
  codice: null,
  descrizione,
  quantita: 10.8,
  unitaMisura: 'm3',
  prezzoUnitario: 1000,
  scontoPercentuale: null,
  prezzoTotale,
});
const da: DaFatturare = {
  ddt: [
    {
      _id: id(7),
      numero: 7,
      anno: 2026,
      numeroDocumento: '7/2026',
      data: '2026-11-04',
      righe: [riga(7, 1, 'Blocco BL-2026-0101 Bianco Carrara', 10_800)],
      importo: 10_800,
    },
    {
      _id: id(9),
      numero: 9,
      anno: 2026,
      numeroDocumento: '9/2026',
      data: '2026-11-20',
      righe: [
        riga(9, 2, 'Blocco BL-2026-0102 Statuario', 4_500.35),
        riga(9, 3, 'Blocco BL-2026-0103 Statuario', 1_234.5),
      ],
      importo: 5_734.85,
    },
  ],
};

const draft: Fattura = {
  _id: id(50),
  tipoDocumento: 'TD24',
  stato: 'bozza',
  numero: null,
  anno: null,
  numeroDocumento: null,
  data: '2026-11-30',
  nomeFile: null,
  esito: null,
  imponibile: 16_534.85,
  imposta: 3_637.67,
  totale: 20_172.52,
  cliente,
  cessionario: {
    ragioneSociale: cliente.ragioneSociale,
    partitaIva: '01234567897',
    codiceFiscale: null,
    indirizzo: 'Via Carriona 1',
    cap: '54033',
    comune: 'Carrara',
    provincia: 'MS',
    nazione: 'IT',
    codiceSdi: 'ABC1234',
    pec: null,
  },
  ddt: [
    { _id: id(7), numero: 7, anno: 2026, data: '2026-11-04' },
    { _id: id(9), numero: 9, anno: 2026, data: '2026-11-20' },
  ],
  righe: [],
  riepilogo: [
    {
      aliquotaIva: 22,
      natura: null,
      imponibile: 16_534.85,
      imposta: 3_637.67,
      riferimentoNormativo: null,
    },
  ],
  bollo: null,
  pagamento: {
    condizioni: 'TP02',
    modalita: 'MP05',
    iban: 'IT60X0542811101000000123456',
    scadenze: [{ data: '2026-12-30', importo: 20_172.52 }],
  },
  fatturaCollegata: null,
  causale: null,
  note: null,
  esiti: [],
  emessaAt: null,
  createdBy: null,
  createdAt: '2026-11-30T08:00:00.000Z',
  updatedAt: '2026-11-30T08:00:00.000Z',
};

const posted: unknown[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.includes('/api/fatture/da-fatturare')) return Promise.resolve(jsonResponse(da));
  if (url.endsWith('/api/fatture') && init?.method === 'POST') {
    posted.push(JSON.parse(String(init.body)));
    return Promise.resolve(jsonResponse(draft, 201));
  }
  if (url.endsWith(`/api/fatture/${id(50)}/emetti`))
    return Promise.resolve(
      jsonResponse({
        ...draft,
        stato: 'emessa',
        numero: 12,
        anno: 2026,
        numeroDocumento: '12/2026',
      }),
    );
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

function renderPage(path: string) {
  return renderRoutes(
    [
      { path: '/app/pages/fatture/nuova', element: <NuovaFattura /> },
      { path: '/app/pages/fatture/:id', element: <p>pagina della fattura</p> },
    ],
    path,
  );
}
const totali = () => screen.getByTestId('fattura-totali-scelti');
const box = (numero: string) =>
  within(screen.getByText(new RegExp(`DDT ${numero} del`)).closest('li')!).getByRole('checkbox');

beforeEach(() => {
  setSession(DEMO_USERS.vendite, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  posted.length = 0;
  // jsdom lays nothing out: the preview scrolls into view in a browser only
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('Nuova fattura from a DDT', { timeout: 30_000 }, () => {
  it('opens with the cliente and the DDT ticked; the totals follow each tick', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(nuovaFatturaPath(cliente, [id(9)]));
    expect(await screen.findByDisplayValue('Marmi Rossi S.p.A.')).toBeInTheDocument();
    await waitFor(() =>
      expect(totali()).toHaveTextContent('1 DDT · 2 righe · imponibile 5.734,85 €'),
    );
    expect(box('9/2026')).toBeChecked();
    expect(box('7/2026')).not.toBeChecked();

    await user.click(box('7/2026'));
    expect(totali()).toHaveTextContent('2 DDT · 3 righe · imponibile 16.534,85 €');
    await user.click(box('9/2026'));
    expect(totali()).toHaveTextContent('1 DDT · 1 riga · imponibile 10.800,00 €');
    await user.click(screen.getByRole('button', { name: 'Seleziona tutto il mese' }));
    expect(totali()).toHaveTextContent('2 DDT · 3 righe · imponibile 16.534,85 €');
  });

  it('Anteprima saves the draft and shows the server’s VAT and due date; Emetti opens the invoice', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage(nuovaFatturaPath(cliente, [id(7), id(9)]));
    await waitFor(() => expect(totali()).toHaveTextContent('2 DDT'));
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    await screen.findByTestId('fattura-preview');
    expect(posted).toEqual([
      expect.objectContaining({ clienteId: id(1), tipoDocumento: 'TD24', ddtIds: [id(7), id(9)] }),
    ]);
    expect(screen.getByTestId('fattura-totali')).toHaveTextContent(
      'Imponibile 16.534,85 €IVA 3.637,67 €Totale 20.172,52 €',
    );
    expect(screen.getByTestId('fattura-pagamento')).toHaveTextContent(
      'Scadenza 30/12/26: 20.172,52 €',
    );
    await user.click(screen.getByTestId('fattura-emetti'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/app/pages/fatture/${id(50)}`),
    );
  });

  it('a date before the last DDT is refused before anything is sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(nuovaFatturaPath(cliente, [id(9)]));
    await waitFor(() => expect(totali()).toHaveTextContent('1 DDT'));
    const data = screen.getByLabelText(/^Data/);
    await user.clear(data);
    await user.type(data, '10/11/26{Enter}');
    await user.click(screen.getByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByTestId('fattura-errors')).toHaveTextContent(
      'La data della fattura non può precedere il DDT 9/2026',
    );
    expect(posted).toEqual([]);
  });
});
