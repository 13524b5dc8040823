import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LavorazioneLastre } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { LavorazioneLastreFormDialog } from './lavorazione-lastre-form';

const BLOCCO = '01a20158-6dea-77ef-a7cd-0000000000c1';
const TELAIO = '01a20158-6dea-77ef-a7cd-0000000000d1';
const blocchi = [
  {
    _id: BLOCCO,
    codice: 'BL-2026-0042',
    origine: 'esterno',
    materiale: { _id: 'm1', nome: 'Statuario' },
    lunghezzaNetta: 310,
    altezzaNetta: 180,
    profonditaNetta: 165,
    volumeNetto: 9.207,
    scelta: 'prima',
  },
];
const macchine = [{ _id: TELAIO, nome: 'Telaio 1', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 }];

const planned: LavorazioneLastre = {
  _id: 'sg1',
  codice: 'SG-2026-0007',
  companyId: 'c-segheria',
  blocco: {
    _id: BLOCCO,
    codice: 'BL-2026-0042',
    origine: 'esterno',
    volumeNetto: 9.207,
    lunghezzaNetta: 310,
    altezzaNetta: 180,
    profonditaNetta: 165,
  },
  materiale: { _id: 'm1', nome: 'Statuario' },
  macchina: { _id: TELAIO, nome: 'Telaio 1', kerfMm: 5, rifiloMm: 20 },
  spessoreMm: 20,
  finitura: 'grezzo',
  resinatura: false,
  contoTerzi: false,
  terzista: null,
  dataInizio: null,
  dataFine: null,
  numeroLastre: null,
  mqTotali: null,
  resa: null,
  resaTeorica: 40,
  pacchi: [],
  stato: 'pianificata',
  note: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

let posted: unknown = null;
const searched: string[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/token') return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.pathname === '/api/lavorazioni-lastre/macchine')
    return Promise.resolve(jsonResponse(macchine));
  if (url.pathname === '/api/lavorazioni-lastre/blocchi-segabili') {
    searched.push(url.searchParams.get('q') ?? '');
    return Promise.resolve(jsonResponse(blocchi));
  }
  if (url.pathname === '/api/lavorazioni-lastre/sg1' && init?.method === 'PUT') {
    posted = JSON.parse(String(init.body));
    return Promise.resolve(jsonResponse({ ...planned, ...(posted as object) }));
  }
  if (url.pathname === '/api/lavorazioni-lastre' && init?.method === 'POST') {
    posted = JSON.parse(String(init.body));
    return Promise.resolve(
      jsonResponse(
        { message: 'Il blocco BL-2026-0042 non è più disponibile', code: 'CONFLICT' },
        409,
      ),
    );
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

beforeEach(() => {
  posted = null;
  searched.length = 0;
  setSession(DEMO_USERS.segheria, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const messageOf = (id: string) =>
  document.getElementById(document.getElementById(id)?.getAttribute('aria-describedby') ?? '')
    ?.textContent;

function renderForm() {
  renderRoutes(
    [
      {
        path: '/x',
        element: (
          <LavorazioneLastreFormDialog onClose={() => undefined} onSaved={() => undefined} />
        ),
      },
    ],
    '/x',
  );
}

describe('plan form', { timeout: 30_000 }, () => {
  it('names the missing block and machine, and a terzista for conto terzi, without sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByLabelText('Conto terzi'));
    await user.click(screen.getByTestId('lavorazione-save'));
    await waitFor(() =>
      expect(messageOf('lavorazione-bloccoId')).toBe('Scegli il blocco da segare'),
    );
    expect(messageOf('lavorazione-macchinaId')).toBe('Scegli la macchina');
    expect(messageOf('lavorazione-terzistaId')).toBe(
      'Per una lavorazione conto terzi scegli il terzista',
    );
    await user.clear(screen.getByTestId('lavorazione-spessore'));
    await user.type(screen.getByTestId('lavorazione-spessore'), '3');
    await user.tab();
    await waitFor(() => expect(messageOf('lavorazione-spessoreMm')).toBe('Spessore: almeno 5 mm'));
    expect(posted).toBeNull();
  });

  it('a block found by code, the machine and a common thickness: theoretical yield live, then the plan is sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByLabelText(/Blocco da segare/), '0042');
    const option = await screen.findByTestId('blocco-segabile-option');
    expect(option).toHaveTextContent('BL-2026-0042 Statuario · esterno');
    expect(option).toHaveTextContent('9,207 m³ netti');
    expect(searched).toContain('0042');
    await user.click(option);
    expect(screen.getByText('Statuario · 9,207 m³ netti')).toBeInTheDocument();

    await user.click(
      document.getElementById('lavorazione-macchinaId')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(
      await screen.findByRole('option', { name: 'Telaio 1 (taglio 5 mm)', hidden: true }),
    );
    // across the 165 cm depth: ⌊(1650 − 2 × 20) / (20 + 5)⌋ + 1 = 65 slabs / 1.65 m
    await waitFor(() =>
      expect(screen.getByTestId('computed-resaTeorica')).toHaveTextContent('39,39 m²/m³'),
    );
    await user.click(screen.getByTestId('lavorazione-spessore-30'));
    // ⌊1610 / 35⌋ + 1 = 47 slabs / 1.65 m
    await waitFor(() =>
      expect(screen.getByTestId('computed-resaTeorica')).toHaveTextContent('28,48 m²/m³'),
    );

    await user.click(screen.getByTestId('lavorazione-save'));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toEqual({
      bloccoId: BLOCCO,
      macchinaId: TELAIO,
      spessoreMm: 30,
      finitura: 'grezzo',
      resinatura: false,
      contoTerzi: false,
      terzistaId: null,
      note: null,
    });
    // the server's refusal stays on the form
    expect(await screen.findByTestId('lavorazione-form-error')).toHaveTextContent(
      'Il blocco BL-2026-0042 non è più disponibile',
    );
  });

  it('editing a planned sawing keeps its block and sends only the plan', async () => {
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    renderRoutes(
      [
        {
          path: '/x',
          element: (
            <LavorazioneLastreFormDialog
              lavorazione={planned}
              onClose={() => undefined}
              onSaved={onSaved}
            />
          ),
        },
      ],
      '/x',
    );
    expect(screen.getByLabelText(/Blocco da segare/)).toHaveValue('BL-2026-0042');
    expect(screen.getByLabelText(/Blocco da segare/)).toHaveAttribute('readonly');
    await waitFor(() =>
      expect(screen.getByTestId('computed-resaTeorica')).toHaveTextContent('39,39 m²/m³'),
    );
    await user.click(screen.getByTestId('lavorazione-spessore-30'));
    await user.click(screen.getByTestId('lavorazione-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted).toEqual({
      macchinaId: TELAIO,
      spessoreMm: 30,
      finitura: 'grezzo',
      resinatura: false,
      contoTerzi: false,
      terzistaId: null,
      note: null,
    });
  });
});
