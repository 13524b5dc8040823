import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LavorazioneLastre } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { CompletaDialog } from './completa-dialog';

const ID = '01a20158-6dea-77ef-a7cd-0000000000a1';
const UBICAZIONE = '01a20158-6dea-77ef-a7cd-0000000000b1';
const lav: LavorazioneLastre = {
  _id: ID,
  codice: 'SG-2026-0007',
  companyId: 'c-segheria',
  blocco: {
    _id: 'b1',
    codice: 'BL-2026-0042',
    origine: 'esterno',
    volumeNetto: 9.207,
    lunghezzaNetta: 310,
    altezzaNetta: 180,
    profonditaNetta: 165,
  },
  materiale: { _id: 'm1', nome: 'Statuario' },
  macchina: { _id: 'k1', nome: 'Telaio 1', kerfMm: 5, rifiloMm: 20 },
  spessoreMm: 20,
  finitura: 'grezzo',
  resinatura: false,
  contoTerzi: false,
  terzista: null,
  dataInizio: '2026-11-20',
  dataFine: null,
  numeroLastre: null,
  mqTotali: null,
  resa: null,
  resaTeorica: 39.39,
  pacchi: [],
  stato: 'in_segagione',
  note: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const ubicazioni = [
  {
    _id: UBICAZIONE,
    createdAt: '2026-01-01T00:00:00.000Z',
    nome: 'Cavalletto A',
    tipo: 'cavalletto',
    attiva: true,
  },
];

let posted: unknown = null;
let refuse = false;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith('/api/ubicazioni')) return Promise.resolve(jsonResponse(ubicazioni));
  if (url.endsWith(`/api/lavorazioni-lastre/${ID}/completa`) && init?.method === 'POST') {
    posted = JSON.parse(String(init.body));
    if (refuse)
      return Promise.resolve(
        jsonResponse(
          {
            message: 'La segagione SG-2026-0007 non è in segagione: è già completata',
            code: 'CONFLICT',
          },
          409,
        ),
      );
    return Promise.resolve(
      jsonResponse({
        ...lav,
        stato: 'completata',
        numeroLastre: 3,
        mqTotali: 16.53,
        resa: 9.98,
        pacchi: [{ _id: 'p1', codice: 'PK-2026-0001', nLastre: 3, mq: 16.53 }],
      }),
    );
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

beforeEach(() => {
  posted = null;
  refuse = false;
  setSession(DEMO_USERS.segheria, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The screen opens with the first slab's length focused, ready to type. */
async function renderDialog(onDone = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/x',
        element: <CompletaDialog lavorazione={lav} onClose={() => undefined} onDone={onDone} />,
      },
    ],
    '/x',
  );
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByTestId('lastra-1-lunghezza')),
  );
  return onDone;
}

const cell = (n: number, col: string) =>
  screen.getByTestId(`lastra-${n}-${col}`) as HTMLInputElement;
const figure = (key: string) => screen.getByTestId(`computed-${key}`).textContent;

describe('completion screen', { timeout: 30_000 }, () => {
  it('Enter goes down the same column, adds a row repeating the last size, and m² and yield follow', async () => {
    const user = userEvent.setup({ delay: null });
    await renderDialog();
    // the first slab starts from the block's net length and height
    expect(cell(1, 'lunghezza')).toHaveValue('3100');
    expect(cell(1, 'altezza')).toHaveValue('1800');
    await user.clear(cell(1, 'lunghezza'));
    await user.type(cell(1, 'lunghezza'), '3.050');
    expect(figure('mq')).toBe('5,49 m²');
    await user.clear(cell(1, 'altezza'));
    await user.type(cell(1, 'altezza'), '1805{Enter}');
    // a second row with the same size, the focus on its height
    await waitFor(() => expect(document.activeElement).toBe(cell(2, 'altezza')));
    expect(cell(2, 'lunghezza')).toHaveValue('3.050');
    expect(cell(2, 'altezza')).toHaveValue('1805');
    expect(figure('numeroLastre')).toBe('2');
    // 2 × 5,51 (each slab rounded before the sum)
    expect(figure('mq')).toBe('11,02 m²');
    expect(figure('resa')).toBe('1,20 m²/m³');
    expect(figure('resaTeorica')).toBe('39,39 m²/m³');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(cell(3, 'altezza')));
    // Enter on a row that is not the last only moves
    await user.click(cell(1, 'lunghezza'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(cell(2, 'lunghezza')));
    expect(screen.getAllByTestId('lastre-grid-row')).toHaveLength(3);
  });

  it('come sopra copies the row above; "=" does the same from the keyboard; a row can be deleted', async () => {
    const user = userEvent.setup({ delay: null });
    await renderDialog();
    await user.click(cell(1, 'altezza'));
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('lastre-grid-row')).toHaveLength(3));
    await user.clear(cell(2, 'lunghezza'));
    await user.type(cell(2, 'lunghezza'), '2900');
    await user.clear(cell(3, 'lunghezza'));
    await user.type(cell(3, 'lunghezza'), '1');
    await user.click(screen.getByTestId('lastra-3-come-sopra'));
    expect(cell(3, 'lunghezza')).toHaveValue('2900');
    await user.clear(cell(2, 'altezza'));
    await user.type(cell(2, 'altezza'), '1700');
    await user.click(cell(3, 'altezza'));
    await user.keyboard('=');
    expect(cell(3, 'altezza')).toHaveValue('1700');
    await user.click(screen.getByTestId('lastra-1-elimina'));
    expect(screen.getAllByTestId('lastre-grid-row')).toHaveLength(2);
    expect(cell(1, 'lunghezza')).toHaveValue('2900');
  });

  it('a summary before confirming, then one request with the slabs in order', async () => {
    const user = userEvent.setup({ delay: null });
    const onDone = await renderDialog();
    await user.click(cell(1, 'altezza'));
    await user.keyboard('{Enter}{Enter}');
    await user.clear(cell(3, 'altezza'));
    await user.type(cell(3, 'altezza'), '1.600');
    await user.selectOptions(screen.getByTestId('lastra-3-scelta'), 'seconda');
    // no location yet: the screen says so and stays
    await user.click(screen.getByTestId('completa-riepilogo'));
    expect(screen.getByTestId('completa-error')).toHaveTextContent(
      "Scegli l'ubicazione dei pacchi",
    );
    await user.type(screen.getByLabelText('Lastre per pacco'), '2');
    await user.click(
      document.getElementById('completa-ubicazione')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: 'Cavalletto A', hidden: true }));
    await user.click(screen.getByTestId('completa-riepilogo'));

    expect(screen.getByTestId('summary-lastre')).toHaveTextContent(
      '3 (BL-2026-0042-001 … BL-2026-0042-003)',
    );
    expect(screen.getByTestId('summary-pacchi')).toHaveTextContent(
      "2 pacchi: 1 da 2, l'ultimo da 1",
    );
    // 5,58 + 5,58 + 4,96
    expect(screen.getByTestId('summary-mq')).toHaveTextContent('16,12 m²');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/completa'))).toBe(false);

    await user.click(screen.getByTestId('completa-conferma'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted).toEqual({
      lastre: [
        { lunghezzaMm: 3100, altezzaMm: 1800 },
        { lunghezzaMm: 3100, altezzaMm: 1800 },
        { lunghezzaMm: 3100, altezzaMm: 1600, scelta: 'seconda' },
      ],
      lastrePerPacco: 2,
      ubicazioneId: UBICAZIONE,
    });
  });

  it('count and average size: m² of n equal slabs', async () => {
    const user = userEvent.setup({ delay: null });
    await renderDialog();
    await user.click(screen.getByRole('button', { name: 'Numero e misura media' }));
    await user.type(screen.getByLabelText(/Numero di lastre/), '60');
    // the average size starts from the block's net size: 60 × 5,58
    expect(figure('mq')).toBe('334,80 m²');
    expect(figure('resa')).toBe('36,36 m²/m³');
    expect(screen.queryByTestId('completa-limite')).toBeNull();
  });

  it('says at once what the block cannot give, and does not go on to the summary', async () => {
    const user = userEvent.setup({ delay: null });
    await renderDialog();
    await user.click(screen.getByRole('button', { name: 'Numero e misura media' }));
    await user.type(screen.getByLabelText(/Numero di lastre/), '70');
    // 165 cm deep: ⌊(1650 − 40) / 25⌋ + 1 = 65
    const limite =
      'Al massimo 65 lastre da 20 mm da questo blocco, non 70 (profondità 165 cm, spessore + taglio 25 mm, rifilo 2 × 20 mm)';
    expect(screen.getByTestId('completa-limite')).toHaveTextContent(limite);
    await user.click(screen.getByTestId('completa-riepilogo'));
    expect(screen.getByTestId('completa-error')).toHaveTextContent(limite);
    expect(screen.queryByTestId('completa-summary')).toBeNull();
  });

  it("a refusal (409) brings back the slabs with the server's reason; nothing is lost", async () => {
    const user = userEvent.setup({ delay: null });
    refuse = true;
    const onDone = await renderDialog();
    await user.click(
      document.getElementById('completa-ubicazione')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: 'Cavalletto A', hidden: true }));
    await user.click(screen.getByTestId('completa-riepilogo'));
    await user.click(screen.getByTestId('completa-conferma'));
    expect(await screen.findByTestId('completa-error')).toHaveTextContent(
      'non è in segagione: è già completata',
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(cell(1, 'lunghezza')).toHaveValue('3100');
  });
});
