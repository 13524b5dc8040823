import { describe, expect, it } from 'vitest';
import { clientiDaSpedire, lastreDaSpedire, nuovoDdtPath } from './nuovo-ddt-path';

// The Spedizioni page's URL contract: /spedizioni/nuovo?clienteId=<id> or
// ?destinazioneCompanyId=<id>, then &blocchi=<id,id>&pacchi=<ids>&lastre=<ids>&lotti=<ids>.

describe('«Crea DDT» opens Nuovo DDT with what was sold', () => {
  it('for a cliente: the party first, then each kind that has items, ids comma-separated', () => {
    expect(nuovoDdtPath({ clienteId: 'c1' }, { lastre: ['l1', 'l2'] })).toBe(
      '/app/pages/spedizioni/nuovo?clienteId=c1&lastre=l1,l2',
    );
    expect(
      nuovoDdtPath(
        { clienteId: 'c1' },
        { blocchi: ['b1'], pacchi: ['p1', 'p2'], lastre: [], lotti: ['v1'] },
      ),
    ).toBe('/app/pages/spedizioni/nuovo?clienteId=c1&blocchi=b1&pacchi=p1,p2&lotti=v1');
    expect(nuovoDdtPath({ clienteId: 'c1' })).toBe('/app/pages/spedizioni/nuovo?clienteId=c1');
  });

  it('for a group company: destinazioneCompanyId', () => {
    expect(nuovoDdtPath({ destinazioneCompanyId: 'd9' }, { blocchi: ['b1', 'b2'] })).toBe(
      '/app/pages/spedizioni/nuovo?destinazioneCompanyId=d9&blocchi=b1,b2',
    );
  });

  it('a bundle travels whole when all its unbroken slabs are sold to the cliente, else its sold slabs one by one', () => {
    const slab = (
      id: string,
      stato: 'venduta' | 'disponibile' | 'rotta' | 'spedita',
      cliente: string | null,
    ) => ({ _id: id, stato, cliente: cliente ? { _id: cliente } : null });
    expect(
      lastreDaSpedire(
        'p1',
        [slab('l1', 'venduta', 'c1'), slab('l2', 'rotta', null), slab('l3', 'venduta', 'c1')],
        'c1',
      ),
    ).toEqual({ pacchi: ['p1'] });
    expect(
      lastreDaSpedire(
        'p1',
        [slab('l1', 'venduta', 'c1'), slab('l2', 'disponibile', null), slab('l3', 'venduta', 'c2')],
        'c1',
      ),
    ).toEqual({ lastre: ['l1'] });
    // one already shipped: the rest leave as slabs
    expect(
      lastreDaSpedire('p1', [slab('l1', 'spedita', 'c1'), slab('l2', 'venduta', 'c1')], 'c1'),
    ).toEqual({ lastre: ['l2'] });
    expect(lastreDaSpedire('p1', [slab('l1', 'disponibile', null)], 'c1')).toEqual({});
    expect(
      clientiDaSpedire([
        slab('l1', 'venduta', 'c2'),
        slab('l2', 'venduta', 'c1'),
        slab('l3', 'venduta', 'c2'),
        slab('l4', 'spedita', 'c3'),
      ]),
    ).toEqual([{ _id: 'c2' }, { _id: 'c1' }]);
  });
});
