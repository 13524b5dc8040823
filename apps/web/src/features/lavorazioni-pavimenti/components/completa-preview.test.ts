import { describe, expect, it } from 'vitest';
import { completaPreview } from './completa-preview';

describe('completion preview of a tile lot', () => {
  it('1000 pieces of 305×305, 12 a box: 93.03 m² on the total, 84 boxes, the last with 4', () => {
    expect(completaPreview({ lunghezzaMm: 305, larghezzaMm: 305 }, 1000, 12)).toEqual({
      mq: 93.03,
      boxes: 84,
      lastBox: 4,
    });
  });
  it('full boxes say so; nothing is computed until the numbers are whole and positive', () => {
    expect(completaPreview({ lunghezzaMm: 600, larghezzaMm: 600 }, 120, 10)).toEqual({
      mq: 43.2,
      boxes: 12,
      lastBox: null,
    });
    expect(completaPreview({ lunghezzaMm: 600, larghezzaMm: 600 }, undefined, 10)).toEqual({
      mq: null,
      boxes: null,
      lastBox: null,
    });
    expect(completaPreview({ lunghezzaMm: 600, larghezzaMm: 600 }, 10.5, 10).mq).toBeNull();
  });
});
