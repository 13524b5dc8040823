import { describe, expect, it } from 'vitest';
import { validateEmail, validatePec } from './email.js';
import { valueOf, messageOf } from './test-helpers.js';

describe('email and PEC', () => {
  it.each([
    ['info@marmi-carrara.it', 'info@marmi-carrara.it'],
    [' Info@Marmi.IT ', 'info@marmi.it'],
    ['mario.rossi+ordini@example.co.uk', 'mario.rossi+ordini@example.co.uk'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validateEmail(input))).toBe(value);
    expect(valueOf(validatePec(input))).toBe(value);
  });

  it.each([
    ['', 'Email mancante'],
    ['info@', 'Email non valida: formato atteso nome@dominio.it'],
    ['info', 'Email non valida: formato atteso nome@dominio.it'],
    ['info@marmi', 'Email non valida: formato atteso nome@dominio.it'],
    ['a@b..it', 'Email non valida: formato atteso nome@dominio.it'],
    ['.info@marmi.it', 'Email non valida: formato atteso nome@dominio.it'],
    ['in fo@marmi.it', 'Email non valida: non può contenere spazi'],
    [`${'a'.repeat(250)}@b.it`, 'Email non valida: al massimo 254 caratteri'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateEmail(input))).toBe(message);
  });

  it('names the PEC in its messages', () => {
    expect(messageOf(validatePec('marmi@pec'))).toBe(
      'PEC non valida: formato atteso nome@dominio.it',
    );
    expect(messageOf(validatePec(''))).toBe('PEC mancante');
  });
});
