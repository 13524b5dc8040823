import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Blocco } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { BloccoDetail } from './blocco-detail';

const ID = '01a20158-72e3-777b-9974-d1dd9b5b2b98';
const blocco: Blocco = {
  _id: ID,
  codice: 'BL-2026-0082',
  companyId: 'c1',
  origine: 'interno',
  bancata: { _id: '01a20158-72da-77ed-9c9e-8fa7d555d019', codice: 'BA-2026-0014' },
  cava: { _id: 'cava-1', nome: 'Canalgrande' },
  fornitore: null,
  numeroFornitore: null,
  dataAcquisto: null,
  prezzoAcquisto: null,
  unitaPrezzoAcquisto: null,
  costoTrasporto: null,
  codiceTracciabilita: null,
  materiale: { _id: 'mat-1', nome: 'Arabescato', densita: 2.7 },
  scelta: 'prima',
  categoria: 'semisquadrato',
  difettoso: true,
  difetti: ['spigolo'],
  noteDifetti: null,
  lunghezza: 249,
  altezza: 168,
  profondita: 116,
  lunghezzaNetta: 242,
  altezzaNetta: 162,
  profonditaNetta: 111,
  volumeLordo: 4.853,
  volumeNetto: 4.352,
  pesoPesa: 12.96,
  dataPesata: '2026-03-20',
  numeroPesata: 'PS-173-0042',
  pesoTeorico: 13.1,
  peso: { t: 12.96, base: 'pesato' },
  ubicazione: { _id: 'ubi-1', nome: 'Piazzale cava' },
  prezzoListino: 2334,
  unitaPrezzo: 'm3',
  cliente: null,
  opzioneScadenza: null,
  dataRiquadratura: '2026-03-05',
  stato: 'disponibile',
  note: null,
  createdAt: '2026-09-30T03:41:43.523Z',
  updatedAt: '2026-11-22T03:41:42.249Z',
};
const history = [
  {
    _id: 'h2',
    action: 'declassa',
    at: '2026-11-20T10:00:00.000Z',
    user: { _id: 'u', name: 'Marco Lazzerini' },
    changes: { scelta: { from: 'prima', to: 'seconda' } },
    note: 'Pelo passante',
  },
  {
    _id: 'h1',
    action: 'create',
    at: '2026-09-30T03:41:43.523Z',
    user: { _id: 'u', name: 'Marco Lazzerini' },
    changes: {},
    note: null,
  },
];
const genealogy = [
  {
    entityType: 'cava',
    _id: 'cava-1',
    label: 'Cava Canalgrande',
    codice: null,
    relation: 'origine',
    path: null,
  },
  {
    entityType: 'bancata',
    _id: blocco.bancata!._id,
    label: 'Bancata BA-2026-0014',
    codice: 'BA-2026-0014',
    relation: 'origine',
    path: `/app/bancate/${blocco.bancata!._id}`,
  },
];

const CLIENTE = {
  _id: '01a20158-0000-7000-8000-00000000c001',
  ragioneSociale: 'Marmi Apuani Export S.p.A.',
  partitaIva: '01234567897',
  comune: 'Carrara',
  nazione: 'IT',
};
let clientiAnswer = () => jsonResponse([CLIENTE]);
let statoBody: unknown = null;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith(`/api/blocchi/${ID}`)) return Promise.resolve(jsonResponse(blocco));
  if (url.endsWith(`/api/blocchi/${ID}/history`)) return Promise.resolve(jsonResponse(history));
  if (url.endsWith(`/api/blocchi/${ID}/genealogy`)) return Promise.resolve(jsonResponse(genealogy));
  if (url.includes('/api/blocchi/clienti-selezionabili')) return Promise.resolve(clientiAnswer());
  if (url.endsWith(`/api/blocchi/${ID}/stato`) && init?.method === 'POST') {
    statoBody = JSON.parse(String(init.body));
    return Promise.resolve(
      jsonResponse({
        ...blocco,
        stato: 'opzionato',
        cliente: { _id: CLIENTE._id, ragioneSociale: CLIENTE.ragioneSociale },
        opzioneScadenza: '2099-12-31T22:59:59.000Z',
      }),
    );
  }
  if (/\/api\/(materiali|ubicazioni)$/.test(url)) return Promise.resolve(jsonResponse([]));
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

function renderDetail() {
  // The page composes the photos feature's panel into the detail; here a stand-in shows where it goes.
  const photos = (b: Blocco) => <section data-testid="photos-section">Foto di {b.codice}</section>;
  return renderRoutes(
    [
      {
        path: '/app/pages/blocchi/:id',
        element: <BloccoDetail kind="blocchi" id={ID} photos={photos} />,
      },
    ],
    `/app/pages/blocchi/${ID}`,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  clientiAnswer = () => jsonResponse([CLIENTE]);
  statoBody = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('blocco detail', { timeout: 20_000 }, () => {
  it('produzione: data, genealogy links, photos area, history, and the allowed moves', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Blocco BL-2026-0082' })).toBeInTheDocument();
    expect(screen.getByTestId('blocco-stato')).toHaveTextContent('Disponibile');
    expect(
      screen
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid'))
        .filter((t) => t?.startsWith('blocco-')),
    ).toEqual([
      'blocco-edit',
      'blocco-declassa',
      'blocco-delete',
      'blocco-move-opzionato',
      'blocco-move-scartato',
    ]);
    expect(await screen.findByRole('link', { name: 'Bancata BA-2026-0014' })).toHaveAttribute(
      'href',
      `/app/bancate/${blocco.bancata!._id}`,
    );
    expect(screen.getByText('Cava Canalgrande').closest('a')).toBeNull();
    // the production date, as every production figure counts the block
    expect(screen.getByTestId('blocco-data')).toHaveTextContent('Data riquadratura05/03/26');
    expect(screen.getByTestId('photos-section')).toHaveTextContent('Foto di BL-2026-0082');
    // the pesata the estrazione counts the block by
    expect(screen.getByTestId('blocco-misure')).toHaveTextContent(
      'Pesatabolla n. PS-173-0042 del 20/03/26',
    );
    // the weight sales and stock use: the weighbridge's, said so
    expect(screen.getByTestId('blocco-misure')).toHaveTextContent(
      'Peso (pesa, altrimenti teorico)12,96 t pesato',
    );
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2));
    expect(screen.getByText('Declassamento')).toBeInTheDocument();
    expect(screen.getByText('Pelo passante')).toBeInTheDocument();
    // history values in Italian: scelta prima → seconda
    expect(screen.getByText('Seconda')).toHaveClass('history-to');
  });

  it('vendite reads blocchi and sells (collaudi write): the option moves only, nothing else writable', async () => {
    setSession(DEMO_USERS.vendite, 'token-2');
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Blocco BL-2026-0082' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2));
    const moves = screen.getByRole('group', { name: 'Cambia stato' });
    expect([...moves.querySelectorAll('button')].map((b) => b.getAttribute('data-testid'))).toEqual(
      ['blocco-move-opzionato'],
    );
    for (const id of ['blocco-edit', 'blocco-declassa', 'blocco-delete', 'blocco-codice'])
      expect(screen.queryByTestId(id)).toBeNull();
    // vendite does not see bancate: the genealogy names the bancata without a link to a page it may not open
    expect(screen.getByText('Bancata BA-2026-0014').closest('a')).toBeNull();
  });

  it('opzionare: the cliente from the blocchi picker (no Clienti page needed) and the expiry', async () => {
    const user = userEvent.setup({ delay: null });
    setSession(DEMO_USERS.produzione, 'token-1');
    renderDetail();
    await user.click(await screen.findByTestId('blocco-move-opzionato'));
    await user.click(screen.getByRole('button', { name: 'Opziona' }));
    const cliente = screen.getByLabelText(/^Cliente/);
    await waitFor(() =>
      expect(
        document.getElementById(cliente.getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBe('Per opzionare un blocco serve il cliente'),
    );
    expect(statoBody).toBeNull();

    await user.type(cliente, 'Apuani');
    await user.click(
      await screen.findByRole('option', { name: /Marmi Apuani Export/, hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Opziona' }));
    await waitFor(() =>
      expect(statoBody).toMatchObject({ stato: 'opzionato', clienteId: CLIENTE._id }),
    );
    expect((statoBody as { opzioneScadenza: string }).opzioneScadenza).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(fetchMock.mock.calls.some(([u]) => /\/api\/clienti(\?|$)/.test(String(u)))).toBe(false);
  });

  it('should the picker be refused (403), the dialog explains instead of failing', async () => {
    clientiAnswer = () =>
      jsonResponse(
        { message: 'Non hai il permesso per questa operazione', code: 'FORBIDDEN' },
        403,
      );
    const user = userEvent.setup({ delay: null });
    setSession(DEMO_USERS.produzione, 'token-1');
    renderDetail();
    await user.click(await screen.findByTestId('blocco-move-opzionato'));
    expect(await screen.findByTestId('opzione-cliente-forbidden')).toHaveTextContent(
      "non ti consente di consultare l'elenco «Clienti»",
    );
  });
});
