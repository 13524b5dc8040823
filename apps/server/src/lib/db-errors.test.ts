import { describe, expect, it } from 'vitest';
import { constraintError, pgErrorCode } from './db-errors.js';

describe('db-errors', () => {
  it('reads the SQLSTATE from the driver error or from the cause Drizzle wraps it in', () => {
    expect(pgErrorCode({ code: '23505' })).toBe('23505');
    expect(
      pgErrorCode(Object.assign(new Error('Failed query'), { cause: { code: '23503' } })),
    ).toBe('23503');
    expect(pgErrorCode(new Error('x'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });

  it('maps unique and foreign key to 409 and check to 400, with the caller’s message', () => {
    const messages = {
      unique: 'Codice già usato',
      foreignKey: 'In uso',
      check: 'Valore non ammesso',
    };
    expect(constraintError({ code: '23505' }, messages)).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Codice già usato',
    });
    expect(constraintError({ cause: { code: '23503' } }, messages)).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'In uso',
    });
    expect(constraintError({ code: '23514' }, messages)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Valore non ammesso',
    });
  });

  it('leaves other errors, and kinds the caller has no message for, to the caller', () => {
    expect(constraintError({ code: '23505' }, { foreignKey: 'In uso' })).toBeNull();
    expect(constraintError({ code: '40001' }, { unique: 'x' })).toBeNull();
    expect(constraintError(new Error('boom'), { unique: 'x' })).toBeNull();
  });
});
