import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DdtDaSpedire, DdtRigaTipo } from '@gestcava/contracts';
import { tickKey, type Ticked } from '../model/nuovo-ddt';
import { ItemsStep } from './items-step';

const base = {
  materiale: 'Bianco Carrara',
  scelta: 'Prima',
  casse: null,
  mq: null,
  m3: null,
  lottoId: null,
  pesoBase: 'calcolato' as const,
};
const da: DdtDaSpedire = {
  destinatario: null,
  luogoPartenza: null,
  blocchi: [
    {
      ...base,
      entityType: 'blocco',
      _id: 'b1',
      codice: 'BL-2026-0001',
      descrizione: 'Blocco di Bianco Carrara',
      misure: '300 × 200 × 180 cm',
      pezzi: 1,
      m3: 10.8,
      pesoKg: 29160,
      pesoNettoKg: 29160,
      pesoBase: 'teorico',
      colli: 1,
    },
  ],
  pacchi: [],
  lastre: [],
  lotti: [
    {
      ...base,
      entityType: 'lotto',
      _id: 'v1',
      codice: 'LO-2026-0003',
      descrizione: 'Pavimento',
      misure: '610 × 305 × 10 mm',
      pezzi: 60,
      casse: 5,
      mq: 11.16,
      pesoKg: 301,
      pesoNettoKg: 301,
      colli: 5,
      lottoId: 'l1',
      formato: {
        lunghezzaMm: 610,
        larghezzaMm: 305,
        spessoreMm: 10,
        densita: 2.7,
        pezziPerCassa: 12,
      },
    },
  ],
};

function Harness() {
  const [ticked, setTicked] = useState<Ticked>(new Map());
  const set = (tipo: DdtRigaTipo, id: string, value: { pezzi?: number } | null) =>
    setTicked((prev) => {
      const next = new Map(prev);
      if (value) next.set(tickKey(tipo, id), { tipo, id, ...value });
      else next.delete(tickKey(tipo, id));
      return next;
    });
  return (
    <ItemsStep
      da={da}
      loading={false}
      ticked={ticked}
      onToggle={(tipo, id, on) => set(tipo, id, on ? {} : null)}
      onPezzi={(id, p) => set('lotto', id, { pezzi: p ?? 0 })}
      onAll={() => undefined}
    />
  );
}

describe('new DDT: ticking what leaves', () => {
  it('the totals follow each tick, and part of a tile sale counts its pieces; too many pieces are refused', async () => {
    render(<Harness />);
    const totali = screen.getByTestId('ddt-totali-scelti');
    expect(totali).toHaveTextContent('0 elementi: 0 colli · 0 kg');
    await userEvent.click(screen.getByLabelText(/BL-2026-0001/));
    expect(totali).toHaveTextContent('1 elemento: 1 collo · 10,800 m³ · 29.160 kg');
    await userEvent.click(screen.getByLabelText(/LO-2026-0003/));
    // + 60 tiles: 5 boxes, 11,16 m², 301 kg
    expect(totali).toHaveTextContent('2 elementi: 6 colli · 11,16 m² · 10,800 m³ · 29.461 kg');
    const pezzi = screen.getByLabelText('Pezzi da spedire (su 60)');
    await userEvent.clear(pezzi);
    await userEvent.type(pezzi, '30');
    // 30 tiles: 3 boxes, 5,58 m², 151 kg
    expect(totali).toHaveTextContent('2 elementi: 4 colli · 5,58 m² · 10,800 m³ · 29.311 kg');
    await userEvent.clear(pezzi);
    await userEvent.type(pezzi, '61');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Pezzi: al massimo 60, quelli ancora da spedire',
    );
  });
});
