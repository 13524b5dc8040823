import { BLOCCO_STATI, canMoveBlocco } from '@gestcava/contracts';
import { describe, expect, it } from 'vitest';
import { BLOCCO_STATES } from './blocchi.repository.js';

describe('blocco state machines', () => {
  it('allow exactly the moves canMoveBlocco allows, for the user and for the system', () => {
    for (const by of ['manual', 'system'] as const) {
      for (const from of BLOCCO_STATI) {
        for (const to of BLOCCO_STATI) {
          expect(BLOCCO_STATES[by].transitions[from].includes(to), `${by}: ${from} → ${to}`).toBe(
            canMoveBlocco(from, to, by),
          );
        }
      }
    }
  });
});
