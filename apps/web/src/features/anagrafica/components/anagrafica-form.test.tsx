import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Anagrafica } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { AnagraficaFormDialog } from './anagrafica-form';

const saved: Anagrafica = {
  _id: '01a2013d-0000-7000-8000-000000000001',
  companyId: 'c1',
  ragioneSociale: 'Marmi Prova S.r.l.',
  partitaIva: '02223334448',
  codiceFiscale: null,
  indirizzo: 'Via Aurelia 1',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'MS',
  nazione: 'IT',
  telefono: null,
  email: null,
  pec: null,
  codiceSdi: null,
  pubblicaAmministrazione: false,
  referente: null,
  iban: null,
  condizioniPagamento: null,
  dichiarazioneIntento: null,
  pagamento: null,
  note: null,
  attivo: true,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
};

type Answer = (init?: RequestInit) => Response;
let createAnswer: Answer;
let putAnswer: Answer;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith('/api/clienti') && init?.method === 'POST')
    return Promise.resolve(createAnswer(init));
  if (url.includes('/api/clienti/') && init?.method === 'PUT')
    return Promise.resolve(putAnswer(init));
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

const onSaved = vi.fn();
const onClose = vi.fn();

function renderForm(record?: Anagrafica) {
  return renderRoutes(
    [
      {
        path: '/app/pages/clienti',
        element: (
          <AnagraficaFormDialog
            kind="clienti"
            record={record}
            visible
            onClose={onClose}
            onSaved={onSaved}
          />
        ),
      },
    ],
    '/app/pages/clienti',
  );
}

/** The message shown beside a field: the element its aria-describedby names. */
function messageOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

beforeEach(() => {
  setSession(DEMO_USERS.vendite, 'token-1');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  onSaved.mockClear();
  onClose.mockClear();
  createAnswer = () => jsonResponse(saved, 201);
  putAnswer = () => jsonResponse(saved);
});
afterEach(() => vi.unstubAllGlobals());

// Dialog-heavy DOM and a loaded CI machine: typing takes a while.
describe('cliente form: errors beside the fields', { timeout: 30_000 }, () => {
  it('a wrong P.IVA shows the check-digit message beside the field, before any call', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const piva = screen.getByLabelText(/^Partita IVA/);
    await user.type(piva, '01234567890');
    await user.tab();
    await waitFor(() =>
      expect(messageOf(piva)).toBe('Partita IVA non valida: cifra di controllo errata'),
    );
    expect(piva).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/clienti'))).toBe(false);
  });

  it('Salva with empty required fields names each one beside it', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^Ragione sociale/))).toBe(
        'Ragione sociale obbligatoria',
      ),
    );
    expect(messageOf(screen.getByLabelText(/^Indirizzo/))).toBe('Indirizzo obbligatorio');
    expect(messageOf(screen.getByLabelText(/^Comune/))).toBe('Comune obbligatorio');
    expect(messageOf(screen.getByLabelText(/^CAP/))).toMatch(/^CAP obbligatorio/);
    expect(messageOf(screen.getByLabelText(/^Partita IVA/))).toMatch(/^Partita IVA obbligatoria/);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/clienti'))).toBe(false);
  });

  it("the server's details land beside their fields (a duplicate P.IVA, 409)", async () => {
    putAnswer = () =>
      jsonResponse(
        {
          message: 'Esiste già un cliente con questa partita IVA',
          code: 'CONFLICT',
          details: [
            {
              path: 'partitaIva',
              message: 'Partita IVA già registrata per Marmi Apuani Export S.p.A.',
            },
          ],
        },
        409,
      );
    const user = userEvent.setup({ delay: null });
    renderForm(saved);
    await user.type(screen.getByLabelText(/^Referente/), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const piva = screen.getByLabelText(/^Partita IVA/);
    await waitFor(() =>
      expect(messageOf(piva)).toBe('Partita IVA già registrata per Marmi Apuani Export S.p.A.'),
    );
    expect(piva).toHaveAttribute('aria-invalid', 'true');
    // every detail found its field: no message on top of the form
    expect(screen.queryByTestId('anagrafica-form-error')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('400 details: a prefixed path finds its field, an unknown one goes on top of the form', async () => {
    putAnswer = () =>
      jsonResponse(
        {
          message: 'Dati non validi',
          code: 'VALIDATION',
          details: [
            { path: 'body.comune', message: 'Comune non riconosciuto' },
            { path: 'altro', message: 'Campo sconosciuto' },
          ],
        },
        400,
      );
    const user = userEvent.setup({ delay: null });
    renderForm(saved);
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^Comune/))).toBe('Comune non riconosciuto'),
    );
    expect(screen.getByTestId('anagrafica-form-error')).toHaveTextContent('Dati non validi');
  });

  it('an edit sends the whole record, normalised (IT stripped from the P.IVA), with nazione', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(saved);
    const piva = screen.getByLabelText(/^Partita IVA/);
    await user.clear(piva);
    await user.type(piva, 'IT 02223334448');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(String(put?.[0])).toContain(`/api/clienti/${saved._id}`);
    const body = JSON.parse(String(put?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      ragioneSociale: 'Marmi Prova S.r.l.',
      partitaIva: '02223334448',
      nazione: 'IT',
      cap: '54033',
      provincia: 'MS',
      codiceSdi: null,
      pubblicaAmministrazione: false,
      attivo: true,
    });
  });

  it('a cliente’s invoicing terms: structured payment and a dichiarazione d’intento, checked then sent', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(saved);
    await user.click(
      document.getElementById('ana-pagamento-modalita')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: 'RIBA (MP12)', hidden: true }));
    const giorni = screen.getByLabelText(/^Giorni/);
    await user.clear(giorni);
    await user.type(giorni, '60');
    await user.click(screen.getByLabelText('Fine mese'));
    await user.click(screen.getByLabelText(/^Esportatore abituale/));
    // the declaration without its protocol is refused beside the field
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^Protocollo della dichiarazione/))).toBe(
        "Dichiarazione d'intento: protocollo obbligatorio",
      ),
    );
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(false);
    await user.type(
      screen.getByLabelText(/^Protocollo della dichiarazione/),
      '24010512345678-000001',
    );
    await user.type(screen.getByLabelText(/^Data della dichiarazione/), '15/01/26{Enter}');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      pagamento: { modalita: 'MP12', giorni: 60, fineMese: true },
      dichiarazioneIntento: { protocollo: '24010512345678-000001', data: '2026-01-15' },
    });
  });

  it('a foreign cliente: no provincia or CAP required, a foreign VAT number checked', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm({
      ...saved,
      nazione: 'DE',
      partitaIva: 'FR123',
      cap: null,
      provincia: null,
      comune: 'München',
    });
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^Partita IVA/))).toBe(
        'Partita IVA estera non valida: per Germania il prefisso IVA è DE, non FR',
      ),
    );
    expect(messageOf(screen.getByLabelText(/^CAP/))).toBeNull();
    // abroad provincia is free text, not the dropdown of Italian siglas
    expect(screen.getByLabelText(/^Provincia/).closest('.p-dropdown')).toBeNull();
  });

  it('closing with unsaved changes asks first; without changes it just closes', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(saved);
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText(/^Referente/), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(
      await screen.findByText('Hai modifiche non salvate. Se esci ora andranno perse.'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Continua a modificare' }));
    expect(screen.getByLabelText(/^Referente/)).toHaveValue('Anna');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await user.click(await screen.findByRole('button', { name: 'Esci senza salvare' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
