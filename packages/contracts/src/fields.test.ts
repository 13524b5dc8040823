import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BANCATA_MAX_CM,
  BLOCCO_MAX_CM,
  cm,
  codice,
  euro,
  isoDate,
  m2,
  m3,
  mm,
  optionalText,
  requiredText,
  tonnes,
} from './fields.js';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('text', () => {
  it('required: trimmed, the caller’s message when absent or empty, a cap', () => {
    const nome = requiredText(5, 'Il nome è obbligatorio');
    expect(nome.parse('  Ada ')).toBe('Ada');
    expect(messageOf(nome, undefined)).toBe('Il nome è obbligatorio');
    expect(messageOf(nome, '   ')).toBe('Il nome è obbligatorio');
    expect(messageOf(nome, 'Adalberto')).toBe('Al massimo 5 caratteri');
  });

  it('optional: absent, null and empty are null', () => {
    const note = optionalText(5);
    expect(note.parse(undefined)).toBeNull();
    expect(note.parse(null)).toBeNull();
    expect(note.parse('  ')).toBeNull();
    expect(note.parse(' ok ')).toBe('ok');
    expect(messageOf(note, 'troppo lungo')).toBe('Al massimo 5 caratteri');
  });
});

describe('codice', () => {
  it('letters, digits, spaces and - / . _ only: no quote to break a download name, no € to break a header', () => {
    const c = codice(3, 30);
    expect(c.parse(' BL-2026/0001.a_b ')).toBe('BL-2026/0001.a_b');
    expect(messageOf(c, "BL-X\"; filename*=UTF-8''e.html")).toMatch(/^Codice: solo lettere/);
    expect(messageOf(c, 'BL-€-1')).toMatch(/^Codice: solo lettere/);
    expect(messageOf(c, '-BL')).toMatch(/^Codice: solo lettere/);
    expect(messageOf(c, 'BL')).toBe('Il codice ha almeno 3 caratteri');
    expect(messageOf(c, '')).toBe('Il codice è obbligatorio');
  });
});

describe('lengths', () => {
  it('cm: whole, from 1 to the maximum given', () => {
    const lunghezza = cm('Lunghezza', BLOCCO_MAX_CM);
    expect(lunghezza.parse(280)).toBe(280);
    expect(messageOf(lunghezza, 280.5)).toBe('Lunghezza: un numero intero di cm');
    expect(messageOf(lunghezza, '280')).toBe('Lunghezza: un numero intero di cm');
    expect(messageOf(lunghezza, 0)).toBe('Lunghezza: almeno 1 cm');
    expect(messageOf(lunghezza, 2800)).toBe('Lunghezza: al massimo 500 cm');
    expect(cm('Lunghezza', BANCATA_MAX_CM).parse(2800)).toBe(2800);
  });

  it('mm: whole millimetres', () => {
    const spessore = mm('Spessore', 200);
    expect(spessore.parse(20)).toBe(20);
    expect(messageOf(spessore, 2.5)).toBe('Spessore: un numero intero di mm');
    expect(messageOf(spessore, 201)).toBe('Spessore: al massimo 200 mm');
  });
});

describe('decimal quantities', () => {
  it('round to their decimals and refuse negatives', () => {
    expect(m2('Superficie').parse(12.345)).toBe(12.35);
    expect(m3('Volume').parse(1.23456)).toBe(1.235);
    expect(tonnes('Peso', 200).parse(25.347)).toBe(25.35);
    expect(euro('Prezzo').parse(10.005)).toBe(10.01);
    expect(messageOf(m3('Volume'), -1)).toBe('Volume: non può essere negativo');
    expect(messageOf(euro('Prezzo'), 'dieci')).toBe('Prezzo: un importo in euro');
  });

  it('name their maximum with Italian digit grouping', () => {
    expect(messageOf(tonnes('Informi', 100_000), 100_001)).toBe('Informi: al massimo 100.000 t');
    expect(messageOf(m2('Superficie'), 2_000_000)).toBe('Superficie: al massimo 1.000.000 m²');
  });
});

describe('isoDate', () => {
  it('takes a calendar date only', () => {
    expect(isoDate('Data').parse('2026-03-10')).toBe('2026-03-10');
    expect(messageOf(isoDate('Data'), '10/03/2026')).toBe('Data: data non valida (AAAA-MM-GG)');
    expect(messageOf(isoDate('Data'), '2026-02-30')).toBe('Data: data non valida (AAAA-MM-GG)');
  });
});
