import { isAccettato, type Collaudo, type BloccoStato } from '@gestcava/contracts';

export interface ConfermaSummary {
  cliente: string;
  venduti: { codice: string; volume: number; importo: number | null }[];
  tornano: { codice: string; stato: BloccoStato }[];
}

/**
 * What confirming the collaudo does: the accepted blocks are sold to its cliente (with their net
 * m³ and amount), the rejected ones go back to the state they had before.
 */
export function confermaSummary(c: Pick<Collaudo, 'cliente' | 'righe'>): ConfermaSummary {
  return {
    cliente: c.cliente.ragioneSociale,
    venduti: c.righe
      .filter((r) => isAccettato(r.esito))
      .map((r) => ({
        codice: r.blocco.codice,
        volume: r.volumeNettoAccettato,
        importo: r.importo,
      })),
    tornano: c.righe
      .filter((r) => !isAccettato(r.esito))
      .map((r) => ({ codice: r.blocco.codice, stato: r.statoPrecedente })),
  };
}
