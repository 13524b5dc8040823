/**
 * Fault points: places inside a write where a test makes it fail, or takes a guard away, to prove
 * that the transaction leaves nothing behind and that the guard is what stops a race
 * (docs/quality.md R3 and R6). They reach the services as a dependency, like the database: the test
 * app passes an object it changes between requests; the real server passes none. Each point is read
 * when the write runs, never copied at start-up.
 */
export interface FaultPoints {
  /** Runs inside a DDT's emission after its number is taken and before any item moves. */
  afterDdtNumero?: () => Promise<void>;
  /** Set: the slab updates lose their state guard, and a race must then sell a slab twice. */
  withoutStockGuards?: boolean;
}

/** What the server runs with: no fault anywhere. */
export const NO_FAULTS: FaultPoints = Object.freeze({});
