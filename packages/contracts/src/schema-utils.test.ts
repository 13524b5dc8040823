import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateShapeOf } from './schema-utils.js';

describe('updateShapeOf', () => {
  it('leaves out fields that were not sent, even those with a default', () => {
    const shape = {
      nome: z.string(),
      attiva: z.boolean().default(true),
      kerf: z.number().default(5),
    };
    const update = z.strictObject(updateShapeOf(shape));
    expect(update.parse({ nome: 'Telaio 2' })).toEqual({ nome: 'Telaio 2' });
    expect(update.parse({ attiva: false })).toEqual({ attiva: false });
    expect(() => update.parse({ kerf: 'x' })).toThrow();
  });
});
