import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Automezzo, DdtElemento } from '@gestcava/contracts';
import { fetchMock, installApiMocks } from '@/test/api-mocks';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { setSession } from '@/lib/session';
import type { Trasporto } from '../model/nuovo-ddt';
import { DdtPreview } from './ddt-preview';

installApiMocks();

const bilico: Automezzo = {
  _id: 't1',
  targa: 'FG482KT',
  descrizione: 'Scania R 580 bilico',
  portataT: 30,
  taraKg: 15_500,
  attivo: true,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
};
const trasporto: Trasporto = {
  trasportoACura: 'mittente',
  vettoreRagioneSociale: '',
  vettorePartitaIva: '',
  vettoreIndirizzo: '',
  targa: 'FG 482 KT',
  porto: 'franco',
  aspetto: 'A vista',
  inizioTrasporto: '2026-11-28T08:00:00.000Z',
  indirizzo: 'Via Aurelia 1',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'MS',
  nazione: 'IT',
  partenzaIndirizzo: '',
  partenzaCap: '',
  partenzaComune: '',
  partenzaProvincia: '',
  partenzaNazione: '',
  note: '',
};
const blocco = (pesoKg: number): DdtElemento => ({
  entityType: 'blocco',
  _id: 'b1',
  codice: 'BL-2026-0001',
  descrizione: 'Blocco di Bianco Carrara',
  materiale: 'Bianco Carrara',
  scelta: 'Prima',
  misure: '300 × 200 × 180 cm',
  pezzi: 1,
  casse: null,
  mq: null,
  m3: 10.8,
  pesoKg,
  pesoBase: 'teorico',
  pesoNettoKg: pesoKg,
  colli: 1,
  lottoId: null,
});

function renderPreview(truck: Automezzo, pesoKg: number) {
  setSession(DEMO_USERS.admin, 'tok');
  fetchMock.mockResolvedValue(jsonResponse({ items: [truck], total: 1, page: 1, limit: 200 }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  render(
    <DdtPreview
      causale="vendita"
      destinatario="Xiamen Shunfa Stone Co. Ltd."
      trasporto={trasporto}
      righe={[blocco(pesoKg)]}
      busy={null}
      onEmetti={() => undefined}
      onBozza={() => undefined}
      onBack={() => undefined}
    />,
    { wrapper },
  );
}

describe('the DDT preview’s load warnings (a warning, not a refusal)', () => {
  it('warns when tare + load pass the 44 t road limit, though the load is within the payload', async () => {
    renderPreview(bilico, 29_000);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Massa complessiva di 44.500 kg (tara 15.500 kg + carico 29.000 kg) oltre il limite di 44.000 kg su strada dell'automezzo FG 482 KT: controlla prima di emettere",
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByTestId('ddt-emetti')).toBeEnabled();
  });

  it('gives both warnings for a load over the payload and the road limit', async () => {
    renderPreview({ ...bilico, portataT: 25 }, 29_000);
    await screen.findByText(/oltre la portata dell'automezzo FG 482 KT \(25 t\)/);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it.each([
    ['within 44 t', bilico, 28_500],
    ['without a known tare', { ...bilico, portataT: 45, taraKg: null }, 35_000],
  ])('says nothing %s', async (_, truck, pesoKg) => {
    renderPreview(truck, pesoKg);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // the truck is known once the plate's description shows in no alert: give the query its turn
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
