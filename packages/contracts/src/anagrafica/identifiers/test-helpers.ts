import type { CheckResult } from './check.js';

/** What a check gives, or its message marked as an error: one string to compare in a test. */
export const valueOf = (result: CheckResult) =>
  result.ok ? result.value : `ERRORE: ${result.message}`;
/** The message of a check, or its value marked as accepted. */
export const messageOf = (result: CheckResult) =>
  result.ok ? `OK: ${result.value}` : result.message;
