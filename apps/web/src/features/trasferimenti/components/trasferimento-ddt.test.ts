import { describe, expect, it } from 'vitest';
import type { Trasferimento } from '@gestcava/contracts';
import { nuovoDdtPath } from '@/components/stock/nuovo-ddt-path';
import { ddtOfTrasferimento } from './trasferimento-ddt';

describe('«Crea DDT» after a transfer', () => {
  it('after a transfer: to the receiving company, its blocks and bundles, its lots by their sale', () => {
    const riga = (tipo: 'blocco' | 'pacco' | 'lotto', itemId: string, venditaId?: string) => ({
      tipo,
      kind: tipo,
      codice: itemId.toUpperCase(),
      itemId,
      pezzi: 1,
      mq: 0,
      prezzo: 100,
      venditaId,
    });
    const t = {
      destinazione: { _id: 'd9', name: 'Segheria Demo S.r.l.' },
      righe: [riga('blocco', 'b1'), riga('lotto', 'lo1', 'v7'), riga('pacco', 'p1')],
    } as unknown as Trasferimento;
    const ddt = ddtOfTrasferimento(t);
    expect(nuovoDdtPath(ddt.party, ddt.items)).toBe(
      '/app/pages/spedizioni/nuovo?destinazioneCompanyId=d9&blocchi=b1&pacchi=p1&lotti=v7',
    );
    expect(ddt.text).toBe('Trasferimento a Segheria Demo S.r.l. registrato');
  });
});
