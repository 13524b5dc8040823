import { describe, expect, it } from 'vitest';
import { __singularCamel__CreateSchema, __singularCamel__UpdateSchema } from './__plural__.js';

const message = (input: object, field: string) =>
  __singularCamel__CreateSchema.safeParse(input).error?.issues.find((i) => i.path[0] === field)
    ?.message;

describe('__singular__', () => {
  it('trims the name, keeps empty notes as null and is active by default', () => {
    expect(__singularCamel__CreateSchema.parse({ nome: '  Prova  ', note: '' })).toEqual({
      nome: 'Prova',
      note: null,
      attivo: true,
    });
  });

  it('needs a name, in Italian', () => {
    expect(message({ nome: '   ' }, 'nome')).toBe('Il nome è obbligatorio');
    expect(message({ nome: 'x'.repeat(121) }, 'nome')).toBe('Al massimo 120 caratteri');
  });

  it('an edit may send any one field', () => {
    expect(__singularCamel__UpdateSchema.parse({ attivo: false })).toEqual({ attivo: false });
  });
});
