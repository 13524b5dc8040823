import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Dashboard } from '@gestcava/contracts';
import { hasKpis } from './dashboard-format';
import { KpiTiles } from './kpi-tiles';

const full: Dashboard = {
  oggi: '2026-11-24',
  produzione: {
    mese: '2026-11',
    m3Mese: 14.75,
    m3MesePrecedente: 10,
    m3StessoMeseAnnoScorso: 6.5,
    tInformiMese: 12.345,
    bancateMese: { m3: 180.25, bancate: 2 },
    serie: [{ mese: '2026-11', m3: 14.75, blocchi: 2, tInformi: 12.345 }],
  },
  blocchi: {
    interni: { disponibili: 3, opzionati: 2, opzioniInScadenza: 1, inCollaudo: 1 },
    esterni: { disponibili: 1, opzionati: 1, opzioniInScadenza: 1, inCollaudo: 0 },
  },
  lastre: { mq: 18, pezzi: 4 },
  pavimenti: { mq: 9, pezzi: 100 },
  collaudi: { programmatiSettimana: 2, dal: '2026-11-23', al: '2026-11-29' },
  rese: {
    resaMedia: 74,
    ultime: [{ _id: 'b1', codice: 'BA-1', dataTaglio: '2026-11-14', resa: 80 }],
  },
  attivita: [],
  agenda: [],
};

/** Only the stock sections: what a magazzino user receives. */
const magazzino: Dashboard = {
  ...full,
  produzione: null,
  blocchi: { interni: null, esterni: null },
  collaudi: null,
  rese: null,
};

function renderTiles(data: Dashboard) {
  render(
    <MemoryRouter>
      <KpiTiles data={data} />
    </MemoryRouter>,
  );
}

const tile = (id: string) => screen.queryByTestId(`kpi-${id}`);

describe('KPI tiles', () => {
  it('shows every figure with its link and the filter in the URL', () => {
    renderTiles(full);
    const produzione = within(tile('produzione')!);
    expect(
      produzione.getByRole('link', { name: 'm³ blocchi riquadrati a novembre 2026: 14,8 m³' }),
    ).toHaveAttribute('href', '/app/pages/blocchi?dal=2026-11-01&al=2026-11-30');
    expect(produzione.getByRole('link', { name: 'mese scorso 10,0 m³' })).toHaveAttribute(
      'href',
      '/app/pages/blocchi?dal=2026-10-01&al=2026-10-31',
    );
    expect(produzione.getByRole('link', { name: 'novembre 2025: 6,5 m³' })).toHaveAttribute(
      'href',
      '/app/pages/blocchi?dal=2025-11-01&al=2025-11-30',
    );
    // the changes keep one decimal, as every percentage (14,75 on 10 and on 6,5)
    expect(tile('produzione')).toHaveTextContent('mese scorso 10,0 m³ (+47,5 %)');
    expect(tile('produzione')).toHaveTextContent('novembre 2025: 6,5 m³ (+126,9 %)');
    // informi by weight and the bancate's cut volume: their own figures, beside the squared m³
    expect(produzione.getByTestId('produzione-informi')).toHaveTextContent('informi 12,3 t');
    expect(produzione.getByTestId('produzione-bancate')).toHaveTextContent(
      'bancate tagliate 180,3 m³ (2)',
    );

    // Own and bought-in together, the split linked to each list.
    const disponibili = within(tile('disponibili')!);
    // the total opens both lists in one, so it shows the same 4
    expect(disponibili.getByRole('link', { name: 'Blocchi disponibili: 4' })).toHaveAttribute(
      'href',
      '/app/pages/blocchi?stato=disponibile&origine=tutte',
    );
    expect(disponibili.getByRole('link', { name: 'propri 3' })).toHaveAttribute(
      'href',
      '/app/pages/blocchi?stato=disponibile',
    );
    expect(disponibili.getByRole('link', { name: 'acquistati 1' })).toHaveAttribute(
      'href',
      '/app/pages/blocchi-esterni?stato=disponibile',
    );
    expect(
      within(tile('opzionati')!).getByRole('link', { name: '2 in scadenza entro 7 giorni' }),
    ).toHaveAttribute('href', '/app/pages/blocchi?stato=opzionato&inScadenza=true&origine=tutte');
    expect(
      within(tile('in-collaudo')!).getByRole('link', { name: 'Blocchi in collaudo: 1' }),
    ).toHaveAttribute('href', '/app/pages/blocchi?stato=in_collaudo&origine=tutte');

    expect(
      within(tile('lastre')!).getByRole('link', { name: 'Lastre in magazzino: 18 m²' }),
    ).toHaveAttribute('href', '/app/pages/magazzino/lastre');
    expect(tile('lastre')).toHaveTextContent('4 lastre');
    expect(
      within(tile('pavimenti')!).getByRole('link', { name: 'Pavimenti in magazzino: 9 m²' }),
    ).toHaveAttribute('href', '/app/pages/magazzino/pavimenti');
    expect(
      within(tile('collaudi')!).getByRole('link', {
        name: 'Collaudi programmati questa settimana: 2',
      }),
    ).toHaveAttribute('href', '/app/pages/collaudi?stato=programmato&dal=2026-11-23&al=2026-11-29');
    expect(tile('collaudi')).toHaveTextContent('dal 23/11/26 al 29/11/26');
    expect(
      within(tile('resa')!).getByRole('link', { name: 'Resa delle ultime bancate chiuse: 74,0 %' }),
    ).toHaveAttribute('href', '/app/bancate?stato=chiusa&dal=2026-11-14&sort=-dataTaglio');
    expect(
      within(tile('resa')!).getByRole('link', { name: 'ultima BA-1: 80,0 %' }),
    ).toHaveAttribute('href', '/app/bancate/b1');
  });

  it('draws no tile for a section the server left out', () => {
    renderTiles(magazzino);
    for (const id of ['produzione', 'disponibili', 'opzionati', 'in-collaudo', 'collaudi', 'resa'])
      expect(tile(id)).toBeNull();
    expect(tile('lastre')).not.toBeNull();
    expect(tile('pavimenti')).not.toBeNull();
  });

  it('shows one origin without a split when the user reads only the bought-in blocks', () => {
    renderTiles({ ...magazzino, blocchi: { interni: null, esterni: full.blocchi.esterni } });
    const disponibili = within(tile('disponibili')!);
    expect(disponibili.getByRole('link', { name: 'Blocchi disponibili: 1' })).toHaveAttribute(
      'href',
      '/app/pages/blocchi-esterni?stato=disponibile',
    );
    expect(disponibili.queryByText(/propri/)).toBeNull();
  });

  it('knows when there is nothing to show', () => {
    expect(hasKpis(full)).toBe(true);
    expect(hasKpis({ ...magazzino, lastre: null, pavimenti: null })).toBe(false);
  });
});
