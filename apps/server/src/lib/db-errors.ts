import { AppError } from './app-error.js';

/** The constraint violations the application answers itself, by their SQLSTATE. */
const CONSTRAINTS = {
  '23505': { kind: 'unique', code: 'CONFLICT' },
  '23503': { kind: 'foreignKey', code: 'CONFLICT' },
  '23514': { kind: 'check', code: 'VALIDATION' },
} as const;

export type ConstraintKind = (typeof CONSTRAINTS)[keyof typeof CONSTRAINTS]['kind'];

/** The SQLSTATE of a database error: on the error itself (pg, PGlite) or on `cause` when Drizzle wraps it. */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A constraint violation as the caller's Italian message: unique and foreign key → 409, check → 400.
 * Null for any other error and for a kind the caller gave no message for, so the usual catch is
 * `throw constraintError(error, { unique: '…' }) ?? error`.
 */
export function constraintError(
  error: unknown,
  messages: Partial<Record<ConstraintKind, string>>,
): AppError | null {
  const code = pgErrorCode(error);
  const constraint =
    code && code in CONSTRAINTS ? CONSTRAINTS[code as keyof typeof CONSTRAINTS] : undefined;
  const message = constraint && messages[constraint.kind];
  return message ? new AppError(constraint.code, message) : null;
}
