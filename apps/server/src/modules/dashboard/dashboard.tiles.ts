import { roundTo, type Dashboard, type DashboardBlocchiOrigine } from '@gestcava/contracts';
import { shiftMonth } from './dashboard.common.js';
import type { Figures, Origine } from './dashboard.load.js';

// The tiles' figures made from the rows the repository answered.

/** The month's cubic metres against the month before and the same month a year ago, and the chart's series. */
export function produzioneOf(
  oggi: string,
  righe: Figures['righe'],
  bancateMese: Figures['bancateMese'],
): Dashboard['produzione'] {
  if (!righe) return null;
  const mese = oggi.slice(0, 7);
  const serie = righe.map((r) => ({
    mese: r.mese,
    m3: r.m3,
    blocchi: r.blocchi,
    tInformi: r.t_informi,
  }));
  const m3Of = (m: string) => serie.find((r) => r.mese === m)?.m3 ?? 0;
  return {
    mese,
    m3Mese: m3Of(mese),
    m3MesePrecedente: m3Of(shiftMonth(mese, -1)),
    m3StessoMeseAnnoScorso: m3Of(shiftMonth(mese, -12)),
    tInformiMese: serie.find((r) => r.mese === mese)?.tInformi ?? 0,
    bancateMese,
    // The series holds 13 months for the year-ago figure; the chart shows the last 12.
    serie: serie.slice(-12),
  };
}

/** The blocks of one origin by state, or null when the user may not see that origin. */
export function blocchiOf(
  origini: Origine[],
  perStato: Figures['perStato'],
  o: Origine,
): DashboardBlocchiOrigine | null {
  if (!origini.includes(o)) return null;
  const r = perStato.find((x) => x.origine === o);
  return {
    disponibili: r?.disponibili ?? 0,
    opzionati: r?.opzionati ?? 0,
    opzioniInScadenza: r?.in_scadenza ?? 0,
    inCollaudo: r?.in_collaudo ?? 0,
  };
}

/** The last closed bancate and their yield weighted by volume. */
export function reseOf(bancate: Figures['bancate']): Dashboard['rese'] {
  if (!bancate) return null;
  const volumeChiuse = bancate.reduce((s, b) => s + b.volume, 0);
  return {
    // the frozen yields weighted by volume, one decimal half up (contracts' rounding)
    resaMedia:
      volumeChiuse > 0
        ? roundTo(bancate.reduce((s, b) => s + b.resa * b.volume, 0) / volumeChiuse, 1)
        : null,
    ultime: bancate.map((b) => ({
      _id: b.id,
      codice: b.codice,
      dataTaglio: b.data_taglio,
      resa: b.resa,
    })),
  };
}

export function collaudiOf(settimana: Figures['settimana']): Dashboard['collaudi'] {
  return (
    settimana && {
      programmatiSettimana: settimana.programmati,
      dal: settimana.dal,
      al: settimana.al,
    }
  );
}
