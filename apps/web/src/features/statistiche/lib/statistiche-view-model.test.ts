import { describe, expect, it } from 'vitest';
import type { Statistiche } from '@gestcava/contracts';
import {
  chartData,
  formatValue,
  perFor,
  formatVariazione,
  readState,
  tableRows,
  variazione,
  writeState,
} from './statistiche-view-model';

const today = '2026-11-24';

describe('the page state in the URL', () => {
  it('defaults to this year by material, Produzione first', () => {
    expect(readState(new URLSearchParams(), today)).toEqual({
      section: 'produzione',
      preset: 'anno',
      dal: '2026-01-01',
      al: today,
      per: 'materiale',
    });
  });

  it('reads a preset, a custom period, and falls back when the dates are wrong', () => {
    expect(
      readState(new URLSearchParams('periodo=ultimi12&sezione=vendite&per=cliente'), today),
    ).toEqual({
      section: 'vendite',
      preset: 'ultimi12',
      dal: '2025-12-01',
      al: today,
      per: 'cliente',
    });
    expect(
      readState(new URLSearchParams('periodo=personalizzato&dal=2025-03-01&al=2025-04-30'), today),
    ).toMatchObject({ preset: 'personalizzato', dal: '2025-03-01', al: '2025-04-30' });
    expect(
      readState(new URLSearchParams('periodo=personalizzato&dal=2025-05-01&al=2025-04-30'), today),
    ).toMatchObject({ preset: 'anno', dal: '2026-01-01' });
  });

  it('keeps a grouping the section has, else by material, else the section’s first', () => {
    expect(readState(new URLSearchParams('sezione=acquisti&per=cava'), today).per).toBe(
      'materiale',
    );
    expect(perFor('acquisti', 'cava')).toBe('fornitore');
    expect(readState(new URLSearchParams('sezione=lavorazione&per=macchina'), today).per).toBe(
      'macchina',
    );
  });

  it('writes back only what differs from the defaults', () => {
    expect(
      writeState({
        section: 'produzione',
        preset: 'anno',
        dal: '2026-01-01',
        al: today,
        per: 'materiale',
      }).toString(),
    ).toBe('');
    expect(
      writeState({
        section: 'vendite',
        preset: 'personalizzato',
        dal: '2025-03-01',
        al: '2025-04-30',
        per: 'mese',
      }).toString(),
    ).toBe('sezione=vendite&periodo=personalizzato&dal=2025-03-01&al=2025-04-30&per=mese');
  });
});

describe('figures', () => {
  it('reads each unit in Italian', () => {
    expect(formatValue('m3', 1234.5)).toBe('1.234,500 m³');
    // Intl puts a no-break space before the euro sign
    expect(formatValue('eurm3', 1250).replace(/\s/g, ' ')).toBe('1.250,00 €/m³');
    expect(formatValue('pct', 16)).toBe('16,0 %');
    expect(formatValue('m2m3', 25.26)).toBe('25,26 m²/m³');
    expect(formatValue('n', 1200)).toBe('1.200');
    expect(formatValue('eur', null)).toBe('—');
  });

  it('tells the change against a comparison, with nothing to compare with left empty', () => {
    expect(formatVariazione(variazione(24, 9))).toBe('+166,7 %');
    expect(formatVariazione(variazione(7, 9))).toBe('−22,2 %');
    expect(formatVariazione(variazione(9, 9))).toBe('=');
    expect(formatVariazione(variazione(5, 0))).toBe('');
    expect(formatVariazione(variazione(5, null))).toBe('');
  });
});

const answer: Statistiche = {
  section: 'produzione',
  dal: '2025-03-01',
  al: '2025-04-30',
  per: 'materiale',
  metrics: [
    {
      key: 'blocchi',
      label: 'Blocchi',
      unit: 'n',
      descrizione: 'Blocchi',
      chart: false,
      compare: true,
    },
    {
      key: 'volumeBlocchi',
      label: 'Volume netto blocchi',
      unit: 'm3',
      descrizione: 'Volume netto blocchi',
      chart: true,
      compare: true,
    },
  ],
  series: [
    {
      key: 'a',
      label: 'Bianco Carrara',
      values: { blocchi: 1, volumeBlocchi: 6 },
      previous: { blocchi: 0, volumeBlocchi: null },
      lastYear: { blocchi: 0, volumeBlocchi: null },
    },
    {
      key: 'b',
      label: 'Statuario',
      values: { blocchi: 2, volumeBlocchi: 18 },
      previous: { blocchi: 2, volumeBlocchi: 7 },
      lastYear: { blocchi: 1, volumeBlocchi: 9 },
    },
  ],
  totals: { blocchi: 3, volumeBlocchi: 24 },
  comparison: {
    previous: { dal: '2024-12-30', al: '2025-02-28', totals: { blocchi: 2, volumeBlocchi: 7 } },
    lastYear: { dal: '2024-03-01', al: '2024-04-30', totals: { blocchi: 1, volumeBlocchi: 9 } },
  },
  note: null,
};

describe('table and chart', () => {
  it('ends the table with the totals of all three periods', () => {
    const rows = tableRows(answer);
    expect(rows.map((r) => r.label)).toEqual(['Bianco Carrara', 'Statuario', 'Totale']);
    expect(rows[2]).toMatchObject({
      total: true,
      values: { volumeBlocchi: 24 },
      lastYear: { volumeBlocchi: 9 },
      previous: { volumeBlocchi: 7 },
    });
    expect(tableRows({ ...answer, series: [] })).toEqual([]);
  });

  it('draws the headline metric and the same figure a year earlier', () => {
    expect(chartData(answer)).toMatchObject({
      labels: ['Bianco Carrara', 'Statuario'],
      datasets: [
        { label: 'Volume netto blocchi', data: [6, 18] },
        { label: 'Volume netto blocchi, anno precedente', data: [null, 9] },
      ],
    });
    expect(chartData({ ...answer, comparison: null }).datasets).toHaveLength(1);
  });
});
