import type { BloccoCollaudabile, BloccoSegabile, BloccoStato } from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './blocchi.repository.js';

type Row = Awaited<ReturnType<typeof repo.disponibili>>[number];

/** What every picker of blocks shows: code, kind, material, net measures and grade. */
function segabile(r: Row): BloccoSegabile {
  return {
    _id: r.id,
    codice: r.codice,
    origine: r.origine,
    materiale: { _id: r.materialeId, nome: r.materialeNome },
    lunghezzaNetta: r.lunghezzaNetta,
    altezzaNetta: r.altezzaNetta,
    profonditaNetta: r.profonditaNetta,
    volumeNetto: r.volumeNetto,
    scelta: r.scelta as BloccoSegabile['scelta'],
  };
}

/** The blocks other modules choose from, each served under that module's own permission (docs/api.md "Shape of the API"). */
export function blocchiPickers(db: DbOrTx) {
  return {
    /**
     * The blocks a lavorazione may plan: `disponibile` (an expired option too), own and bought-in, by
     * code, none that an open lavorazione already takes.
     */
    async segabili(
      companyId: string,
      q: string | undefined,
      opts: { limit?: number } = {},
    ): Promise<BloccoSegabile[]> {
      const rows = await repo.disponibili(db, companyId, { q, limit: opts.limit ?? 50 });
      return rows.map(segabile);
    },

    /** Blocks a collaudo for this cliente may take: `disponibile`, or optioned for the cliente; none an open lavorazione takes. */
    async collaudabili(
      companyId: string,
      clienteId: string,
      q: string | undefined,
    ): Promise<BloccoCollaudabile[]> {
      const rows = await repo.disponibili(db, companyId, { q, limit: 50, opzionatiPer: clienteId });
      return rows.map((r) => ({
        ...segabile(r),
        stato: r.stato as BloccoStato,
        opzioneScadenza: r.stato === 'opzionato' ? r.opzioneScadenza : null,
      }));
    },
  };
}
