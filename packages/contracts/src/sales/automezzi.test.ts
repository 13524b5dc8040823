import { describe, expect, it } from 'vitest';
import { automezzoCreateSchema, formatTarga, normalizeTarga } from './automezzi.js';

const truck = { targa: 'fg 482 kt', descrizione: 'Scania R 580 bilico', portataT: 30 };
const message = (input: object, field: string) =>
  automezzoCreateSchema.safeParse(input).error?.issues.find((i) => i.path[0] === field)?.message;

describe('automezzo', () => {
  it('stores a plate in capitals without spaces or dashes, and prints it spaced', () => {
    expect(automezzoCreateSchema.parse(truck)).toEqual({
      targa: 'FG482KT',
      descrizione: 'Scania R 580 bilico',
      portataT: 30,
      taraKg: null,
      attivo: true,
    });
    expect(normalizeTarga(' ab-123 cd ')).toBe('AB123CD');
    expect(formatTarga('FG482KT')).toBe('FG 482 KT');
  });

  it.each(['AB12CD', 'AB1234CD', 'AI123CD', 'AB123CO', '12ABC34', 'MI A12345'])(
    'refuses the plate %s in Italian',
    (targa) => {
      expect(message({ ...truck, targa }, 'targa')).toMatch(
        /^Targa non valida: due lettere, tre cifre e due lettere/,
      );
    },
  );

  it('needs a plate and a description', () => {
    expect(message({ ...truck, targa: '  ' }, 'targa')).toBe('La targa è obbligatoria');
    expect(message({ ...truck, descrizione: ' ' }, 'descrizione')).toBe(
      'La descrizione è obbligatoria',
    );
  });

  it('takes a capacity above 0 and up to 60 t, to the hundredth', () => {
    expect(automezzoCreateSchema.parse({ ...truck, portataT: 25.456 }).portataT).toBe(25.46);
    expect(automezzoCreateSchema.parse({ ...truck, portataT: 60 }).portataT).toBe(60);
    expect(message({ ...truck, portataT: 0 }, 'portataT')).toBe(
      'Portata: deve essere maggiore di 0 t',
    );
    expect(message({ ...truck, portataT: 60.5 }, 'portataT')).toBe('Portata: al massimo 60 t');
    expect(message({ ...truck, portataT: -3 }, 'portataT')).toBe(
      'Portata: non può essere negativo',
    );
  });

  it('takes a tare in whole kg up to 40.000, or none', () => {
    expect(automezzoCreateSchema.parse({ ...truck, taraKg: 15_500 }).taraKg).toBe(15_500);
    expect(automezzoCreateSchema.parse({ ...truck, taraKg: null }).taraKg).toBeNull();
    expect(message({ ...truck, taraKg: 15_500.5 }, 'taraKg')).toBe('Tara: un numero intero di kg');
    expect(message({ ...truck, taraKg: 0 }, 'taraKg')).toBe('Tara: almeno 1 kg');
    expect(message({ ...truck, taraKg: 45_000 }, 'taraKg')).toBe('Tara: al massimo 40000 kg');
  });
});
