import { describe, expect, it } from 'vitest';
import {
  appendRow,
  copyAbove,
  gridMq,
  gridRow,
  mmError,
  pacchiOf,
  removeRow,
  rowsToLastre,
} from './lastre-grid-model';
import { bodyOf } from './completa-model';

/** 310 × 180 × 165 cm sawn at 20 mm on a 5 mm blade with 20 mm trims: at most 65 slabs. */
const limiti = {
  blocco: {
    _id: 'b1',
    codice: 'BL-2026-0042',
    origine: 'esterno' as const,
    volumeNetto: 9.207,
    lunghezzaNetta: 310,
    altezzaNetta: 180,
    profonditaNetta: 165,
  },
  spessoreMm: 20,
  macchina: { _id: 'k1', nome: 'Telaio 1', kerfMm: 5, rifiloMm: 20 },
};

describe('lastre grid model', () => {
  it('a new last row repeats the last size and grade', () => {
    const rows = appendRow([gridRow({ lunghezza: '3.050', altezza: '1805', scelta: 'seconda' })]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ lunghezza: '3.050', altezza: '1805', scelta: 'seconda' });
    expect(rows[1]?.key).not.toBe(rows[0]?.key);
  });

  it('come sopra copies the row above; the first row has none', () => {
    const rows = [
      gridRow({ lunghezza: '3000', altezza: '1800' }),
      gridRow({ lunghezza: '2900', altezza: '' }),
    ];
    expect(copyAbove(rows, 1)[1]).toMatchObject({ lunghezza: '3000', altezza: '1800' });
    expect(copyAbove(rows, 0)[0]).toMatchObject({ lunghezza: '3000', altezza: '1800' });
  });

  it('deleting keeps at least one row', () => {
    const one = [gridRow({ lunghezza: '3000', altezza: '1800' })];
    const after = removeRow(one, 0);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ lunghezza: '', altezza: '' });
  });

  it('live m² counts complete rows, each slab rounded as the server does', () => {
    const rows = [
      gridRow({ lunghezza: '3.050', altezza: '1805' }),
      gridRow({ lunghezza: '3050', altezza: '1805' }),
      gridRow({ lunghezza: '3050', altezza: '' }),
    ];
    expect(gridMq(rows)).toBe(11.02);
  });

  it('sizes are whole mm within a slab', () => {
    expect(mmError('', 'Lunghezza')).toBe('Lunghezza: obbligatoria');
    expect(mmError('30,5', 'Lunghezza')).toBe('Lunghezza: un numero intero di mm');
    expect(mmError('5000', 'Lunghezza')).toBe('Lunghezza: al massimo 4.000 mm');
    expect(mmError('abc', 'Altezza')).toBe('Altezza: un numero');
    expect(
      rowsToLastre([
        gridRow({ lunghezza: '3000', altezza: '1800', scelta: 'prima' }),
        gridRow({ lunghezza: '2990', altezza: '1790' }),
      ]),
    ).toEqual([
      { lunghezzaMm: 3000, altezzaMm: 1800, scelta: 'prima' },
      { lunghezzaMm: 2990, altezzaMm: 1790 },
    ]);
  });

  it('bundles: lastrePerPacco each, the last with the rest; none given = one bundle', () => {
    expect(pacchiOf(12, 5)).toEqual([5, 5, 2]);
    expect(pacchiOf(12, null)).toEqual([12]);
    expect(pacchiOf(0, 5)).toEqual([]);
  });

  it('the body names the first wrong slab, then asks for the location', () => {
    const lav = limiti;
    const draft = {
      mode: 'una' as const,
      rows: [
        gridRow({ lunghezza: '3000', altezza: '1800' }),
        gridRow({ lunghezza: '3000', altezza: '' }),
      ],
      numero: '',
      lunghezza: '',
      altezza: '',
      lastrePerPacco: null,
      ubicazioneId: null,
    };
    expect(bodyOf(draft, lav)).toEqual({ error: 'Lastra 2: Altezza: obbligatoria' });
    expect(bodyOf({ ...draft, rows: draft.rows.slice(0, 1) }, lav)).toEqual({
      error: "Scegli l'ubicazione dei pacchi",
    });
    expect(
      bodyOf(
        {
          ...draft,
          mode: 'media',
          numero: '12',
          lunghezza: '3000',
          altezza: '1800',
          lastrePerPacco: 6,
          ubicazioneId: 'u1',
        },
        lav,
      ),
    ).toEqual({
      body: {
        numeroLastre: 12,
        lunghezzaMm: 3000,
        altezzaMm: 1800,
        lastrePerPacco: 6,
        ubicazioneId: 'u1',
      },
    });
  });

  it('refuses, before sending, what the block cannot give: the server rule on the slabs typed', () => {
    const draft = {
      mode: 'media' as const,
      rows: [],
      numero: '65',
      lunghezza: '3000',
      altezza: '1800',
      lastrePerPacco: null,
      ubicazioneId: 'u1',
    };
    expect(bodyOf(draft, limiti)).toMatchObject({ body: { numeroLastre: 65 } });
    expect(bodyOf({ ...draft, numero: '66' }, limiti)).toEqual({
      error:
        'Al massimo 65 lastre da 20 mm da questo blocco, non 66 (profondità 165 cm, spessore + taglio 25 mm, rifilo 2 × 20 mm)',
    });
    const una = {
      ...draft,
      mode: 'una' as const,
      rows: [
        gridRow({ lunghezza: '3000', altezza: '1800' }),
        gridRow({ lunghezza: '3200', altezza: '1800' }),
      ],
    };
    expect(bodyOf(una, limiti)).toEqual({
      error: 'La lastra 3200 × 1800 mm non entra nella faccia del blocco (310 × 180 cm)',
    });
  });
});
