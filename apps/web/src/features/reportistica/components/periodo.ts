/** The period presets of the reports, as Rome calendar days `YYYY-MM-DD` from today's date. */
export type PeriodoPreset = 'mese' | 'mese-scorso' | 'anno' | 'anno-scorso';

export const PRESET_LABELS: Record<PeriodoPreset, string> = {
  mese: 'Questo mese',
  'mese-scorso': 'Mese scorso',
  anno: "Quest'anno",
  'anno-scorso': 'Anno scorso',
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function periodoOf(preset: PeriodoPreset, today: string): { dal: string; al: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'mese':
      return { dal: `${y}-${pad(m)}-01`, al: today };
    case 'mese-scorso': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { dal: `${py}-${pad(pm)}-01`, al: `${py}-${pad(pm)}-${pad(lastDay(py, pm))}` };
    }
    case 'anno':
      return { dal: `${y}-01-01`, al: today };
    case 'anno-scorso':
      return { dal: `${y - 1}-01-01`, al: `${y - 1}-12-31` };
  }
}
