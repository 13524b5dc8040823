import { automezzoSchema, formatTarga, pageOf, type Automezzo } from '@gestcava/contracts';
import { api } from './api';
import { defineResource } from './define-resource';
import { queryRoots } from './query-keys';

/** The root of every automezzi cache: features/automezzi's writes refresh everything under it, these options too. */
export const AUTOMEZZI_ROOT = queryRoots.automezzi;

/** GET /api/automezzi?attivo=true: the company's trucks in service, by plate (a company has a handful). */
const options = defineResource({ key: AUTOMEZZI_ROOT, base: '/api/automezzi' }).read(() => ({
  key: ['options'],
  load: (signal) =>
    api
      .get('/api/automezzi', {
        query: { attivo: true, limit: 200, sort: 'targa' },
        schema: pageOf(automezzoSchema),
        signal,
      })
      .then((page) => page.items.map(optionOf)),
  staleTime: 60_000,
}));
export const automezziOptionsQuery = options.options;

export interface AutomezzoOption {
  /** the plate as stored (`FG482KT`): what a DDT's `vettore.targa` takes */
  value: string;
  /** `FG 482 KT — Scania R 580 … (30 t)` */
  label: string;
  automezzo: Automezzo;
}

function optionOf(automezzo: Automezzo): AutomezzoOption {
  const portata = automezzo.portataT.toLocaleString('it-IT', { maximumFractionDigits: 2 });
  return {
    value: automezzo.targa,
    label: `${formatTarga(automezzo.targa)} — ${automezzo.descrizione} (${portata} t)`,
    automezzo,
  };
}

/**
 * The active trucks as dropdown options, for a form of another feature (the DDT's vettore):
 * read under `automezzi` or `spedizioni`, so whoever writes DDTs may use it.
 */
export const useAutomezziOptions = options.use;
