import { describe, expect, it } from 'vitest';
import { PROVINCE, findProvincia, validateProvincia } from './provincia.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('provincia', () => {
  it('lists the current provinces once each, Sardinia after the 2025 reform', () => {
    expect(PROVINCE).toHaveLength(110);
    expect(new Set(PROVINCE.map((p) => p.sigla)).size).toBe(110);
    for (const p of PROVINCE) expect(p.sigla).toMatch(/^[A-Z]{2}$/);
    const sardegna = PROVINCE.filter((p) => p.regione === 'Sardegna').map((p) => p.sigla);
    expect(sardegna.sort()).toEqual(['CA', 'NU', 'OG', 'OR', 'OT', 'SS', 'SU', 'VS']);
    expect(findProvincia('ms')?.nome).toBe('Massa-Carrara');
    expect(findProvincia('OT')?.nome).toBe('Gallura Nord-Est Sardegna');
    expect(findProvincia('CI')).toBeUndefined();
    expect(findProvincia('FO')).toBeUndefined();
  });

  it.each([
    ['MS', 'IT', 'MS'],
    [' lu ', 'IT', 'LU'],
    ['MB', 'IT', 'MB'],
    ['BT', 'IT', 'BT'],
    ['FM', 'IT', 'FM'],
    ['SU', 'IT', 'SU'],
    ['OG', 'IT', 'OG'],
    ['AO', 'IT', 'AO'],
    ['UD', 'IT', 'UD'],
    ['Bayern', 'DE', 'Bayern'],
    ['  Île-de-France ', 'FR', 'Île-de-France'],
  ])('accepts %j for %s as %s', (input, nazione, value) => {
    expect(valueOf(validateProvincia(input, nazione))).toBe(value);
  });

  it.each([
    ['', 'IT', 'Provincia mancante: indicare la sigla di 2 lettere (es. MS)'],
    ['Massa', 'IT', 'Provincia non valida: indicare la sigla di 2 lettere (es. MS)'],
    ['M5', 'IT', 'Provincia non valida: indicare la sigla di 2 lettere (es. MS)'],
    ['XX', 'IT', 'Provincia non valida: XX non è la sigla di una provincia italiana attuale'],
    ['CI', 'IT', 'Provincia non valida: CI non è la sigla di una provincia italiana attuale'],
    ['FO', 'IT', 'Provincia non valida: FO non è la sigla di una provincia italiana attuale'],
    ['x'.repeat(41), 'DE', 'Provincia non valida: al massimo 40 caratteri'],
  ])('refuses %j for %s: %s', (input, nazione, message) => {
    expect(messageOf(validateProvincia(input, nazione))).toBe(message);
  });
});
