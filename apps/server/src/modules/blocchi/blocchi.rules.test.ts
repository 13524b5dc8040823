import { describe, expect, it } from 'vitest';
import { assertNetWithinGross, newDims, quantities, updatedDims } from './blocchi.rules.js';

const current = {
  lunghezza: 300,
  altezza: 150,
  profondita: 120,
  lunghezzaNetta: 280,
  altezzaNetta: 140,
  profonditaNetta: 110,
};

describe('blocco measures', () => {
  it('a new block without net measures is measured net as gross', () => {
    expect(newDims({ lunghezza: 300, altezza: 150, profondita: 120 })).toEqual({
      ...current,
      lunghezzaNetta: 300,
      altezzaNetta: 150,
      profonditaNetta: 120,
    });
    expect(
      newDims({
        lunghezza: 300,
        altezza: 150,
        profondita: 120,
        lunghezzaNetta: 280,
        altezzaNetta: null,
      }),
    ).toMatchObject({ lunghezzaNetta: 280, altezzaNetta: 150 });
  });

  it('an edit keeps what it leaves out and sends an emptied net measure back to the (new) gross one', () => {
    expect(updatedDims(current, {})).toEqual(current);
    expect(
      updatedDims(current, { lunghezza: 320, lunghezzaNetta: null, altezzaNetta: 130 }),
    ).toEqual({ ...current, lunghezza: 320, lunghezzaNetta: 320, altezzaNetta: 130 });
  });

  it('gives gross and net volume in m³ and the weight from the gross volume and density', () => {
    expect(quantities(current, 2.7)).toEqual({
      volumeLordo: 5.4,
      volumeNetto: 4.312,
      pesoTeorico: 11.64,
    });
  });

  it('refuses a net measure above its gross one, naming the field', () => {
    expect(() => assertNetWithinGross(current)).not.toThrow();
    expect(() => assertNetWithinGross({ ...current, altezzaNetta: 151 })).toThrow(
      expect.objectContaining({
        message: 'Altezza netta: non può superare la misura lorda (150 cm)',
        extra: {
          details: [
            {
              path: 'altezzaNetta',
              message: 'Altezza netta: non può superare la misura lorda (150 cm)',
            },
          ],
        },
      }),
    );
  });
});
