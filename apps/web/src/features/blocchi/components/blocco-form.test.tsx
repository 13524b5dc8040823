import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Blocco } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { BloccoFormDialog } from './blocco-form';
import { liveQuantities } from './blocco-form-values';

const STATUARIO = '01a20158-6dea-77ef-a7cd-000000000002';
const PIAZZALE = '01a20158-6e04-7515-affc-000000000001';
const BANCATA = {
  _id: '01a20158-72da-77ed-9c9e-000000000014',
  codice: 'BA-2026-0014',
  materiale: { _id: STATUARIO, nome: 'Statuario', densita: 2.71 },
};

const materiali = [
  {
    _id: '01a20158-6dea-77ef-a7cd-000000000001',
    createdAt: '2026-01-01T00:00:00.000Z',
    nome: 'Bianco Carrara',
    tipo: 'marmo',
    densita: 2.7,
    attivo: true,
  },
  {
    _id: STATUARIO,
    createdAt: '2026-01-01T00:00:00.000Z',
    nome: 'Statuario',
    tipo: 'marmo',
    densita: 2.71,
    attivo: true,
  },
];
const ubicazioni = [
  {
    _id: PIAZZALE,
    createdAt: '2026-01-01T00:00:00.000Z',
    nome: 'Piazzale cava',
    tipo: 'piazzale_cava',
    attiva: true,
  },
];

let posted: unknown = null;
let sessionEnded = false;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith('/api/materiali')) return Promise.resolve(jsonResponse(materiali));
  if (url.endsWith('/api/ubicazioni')) return Promise.resolve(jsonResponse(ubicazioni));
  if (url.endsWith('/api/blocchi') && init?.method === 'POST') {
    posted = JSON.parse(String(init.body));
    if (sessionEnded)
      return Promise.resolve(
        jsonResponse({ message: 'Sessione scaduta', code: 'UNAUTHORIZED' }, 401),
      );
    return Promise.resolve(
      jsonResponse(
        {
          message:
            'La bancata BA-2026-0014 deve essere ribaltata o in riquadratura per ricavarne blocchi',
          code: 'CONFLICT',
        },
        409,
      ),
    );
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

function renderForm(props: { blocco?: Blocco } = {}) {
  return renderRoutes(
    [
      {
        path: '/app/bancate/:id',
        element: (
          <BloccoFormDialog
            kind="blocchi"
            bancata={BANCATA}
            blocco={props.blocco}
            onClose={() => undefined}
            onSaved={() => undefined}
          />
        ),
      },
    ],
    `/app/bancate/${BANCATA._id}`,
  );
}

const computed = (key: string) => screen.getByTestId(`computed-${key}`).textContent;

beforeEach(() => {
  setSession(DEMO_USERS.produzione, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  posted = null;
  sessionEnded = false;
});
afterEach(() => vi.unstubAllGlobals());

describe('liveQuantities (the server rules, from what is typed)', () => {
  it('gross volume, net volume defaulting to gross, weight from the net volume and the density', () => {
    expect(liveQuantities({ lunghezza: 280, altezza: 150, profondita: 120 }, 2.71)).toEqual({
      volumeLordo: 5.04,
      volumeNetto: 5.04,
      pesoTeorico: 13.66,
    });
    expect(
      liveQuantities(
        { lunghezza: 280, altezza: 150, profondita: 120, lunghezzaNetta: 270, altezzaNetta: null },
        2.7,
      ),
    ).toEqual({
      volumeLordo: 5.04,
      volumeNetto: 4.86,
      pesoTeorico: 13.12, // 4.86 m³ net × 2.7
    });
  });
  it('nothing until every gross measure is a positive number', () => {
    expect(liveQuantities({ lunghezza: 280, altezza: null, profondita: 120 }, 2.7)).toEqual({
      volumeLordo: null,
      volumeNetto: null,
      pesoTeorico: null,
    });
    expect(
      liveQuantities({ lunghezza: Number.NaN, altezza: 150, profondita: 120 }, 2.7).volumeLordo,
    ).toBeNull();
    expect(
      liveQuantities({ lunghezza: 280, altezza: 150, profondita: 120 }, undefined).pesoTeorico,
    ).toBeNull();
  });
});

// Dialog-heavy DOM and a loaded CI machine: typing takes a while.
describe('blocco form: live m³ and t', { timeout: 30_000 }, () => {
  it('volumes and weight follow each key; empty net measures are the gross ones', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    expect(screen.getByLabelText(/^Bancata/)).toHaveValue('BA-2026-0014');
    expect(computed('volumeLordo')).toBe('—');

    await user.type(screen.getByLabelText(/^Lunghezza \*/), '280');
    await user.type(screen.getByLabelText(/^Altezza \*/), '150');
    expect(computed('volumeLordo')).toBe('—');
    await user.type(screen.getByLabelText(/^Profondità \*/), '120');
    expect(computed('volumeLordo')).toBe('5,040 m³');
    expect(computed('volumeNetto')).toBe('5,040 m³');
    // the bancata's Statuario, 2,71 t/m³, once the materiali have loaded
    await waitFor(() => expect(computed('pesoTeorico')).toBe('13,66 t'));
    expect(screen.getByText('Peso teorico (2,71 t/m³)')).toBeInTheDocument();
    // the net fields show what they default to
    expect(screen.getByLabelText(/^Lunghezza netta/)).toHaveAttribute('placeholder', '= 280');

    await user.type(screen.getByLabelText(/^Lunghezza netta/), '270');
    expect(computed('volumeNetto')).toBe('4,860 m³');
    expect(computed('volumeLordo')).toBe('5,040 m³');

    // a gross measure changed: the volume follows, the typed net one stays
    await user.clear(screen.getByLabelText(/^Profondità \*/));
    await user.type(screen.getByLabelText(/^Profondità \*/), '1.200');
    expect(computed('volumeLordo')).toBe('50,400 m³');
    expect(computed('volumeNetto')).toBe('48,600 m³');
  });

  it('a net measure over the gross one is refused beside its field, before any call', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByLabelText(/^Lunghezza \*/), '280');
    await user.type(screen.getByLabelText(/^Altezza \*/), '150');
    await user.type(screen.getByLabelText(/^Profondità \*/), '120');
    await user.type(screen.getByLabelText(/^Lunghezza netta/), '290');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const net = screen.getByLabelText(/^Lunghezza netta/);
    await waitFor(() =>
      expect(document.getElementById(net.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Lunghezza netta: non può superare la misura lorda (280 cm)',
      ),
    );
    expect(posted).toBeNull();
  });

  it('sends the bancata, the measures and null net measures; shows the server refusal', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByLabelText(/^Lunghezza \*/), '280');
    await user.type(screen.getByLabelText(/^Altezza \*/), '150');
    await user.type(screen.getByLabelText(/^Profondità \*/), '120');
    await user.click(
      document.getElementById('blocco-ubicazioneId')?.closest('.p-dropdown') as HTMLElement,
    );
    // the panel lies outside the modal dialog, so it reads as hidden to the role query
    await user.click(await screen.findByRole('option', { name: 'Piazzale cava', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(screen.getByTestId('blocco-form-error')).toHaveTextContent(
        'deve essere ribaltata o in riquadratura',
      ),
    );
    expect(posted).toMatchObject({
      bancataId: BANCATA._id,
      materialeId: STATUARIO,
      ubicazioneId: PIAZZALE,
      lunghezza: 280,
      altezza: 150,
      profondita: 120,
      lunghezzaNetta: null,
      scelta: 'prima',
      categoria: 'squadrato',
    });
  });

  it('a failed save focuses the first field in error in the page order, past a measure typed wrong before', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(document.getElementById('blocco-lunghezza') as HTMLElement, '3.80');
    await user.tab();
    expect(document.getElementById('blocco-lunghezza')).toHaveValue('3.80');
    await waitFor(() =>
      expect(document.getElementById('blocco-lunghezza-error')).toHaveTextContent(
        'Lunghezza: un numero intero di cm',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(document.getElementById('blocco-altezza-error')).toHaveTextContent(
        'Altezza: obbligatorio',
      ),
    );
    await waitFor(() => expect(document.activeElement?.id).toBe('blocco-ubicazioneId'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement?.id).toBe('blocco-ubicazioneId');
  });

  it('a save that meets an ended session keeps the values as a draft, offered back to the same user', async () => {
    sessionEnded = true;
    const user = userEvent.setup({ delay: null });
    const first = renderForm();
    await user.type(screen.getByLabelText(/^Lunghezza \*/), '280');
    await user.type(screen.getByLabelText(/^Altezza \*/), '150');
    await user.type(screen.getByLabelText(/^Profondità \*/), '120');
    await user.click(
      document.getElementById('blocco-ubicazioneId')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: 'Piazzale cava', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(posted).not.toBeNull());
    first.unmount();

    // logged in again: the same form offers the draft back
    setSession(DEMO_USERS.produzione, 'token-2');
    renderForm();
    expect(await screen.findByTestId('blocco-draft')).toHaveTextContent(
      /Bozza non salvata del \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/,
    );
    await user.click(screen.getByTestId('blocco-draft-restore'));
    expect(screen.getByLabelText(/^Lunghezza \*/)).toHaveValue('280');
    expect(screen.getByLabelText(/^Profondità \*/)).toHaveValue('120');
    expect(screen.queryByTestId('blocco-draft')).toBeNull();
  });
});
