import {
  cavaBodySchema,
  cavaSchema,
  cavaUpdateSchema,
  LOOKUP_LABELS,
  macchinaBodySchema,
  macchinaSchema,
  macchinaUpdateSchema,
  materialeBodySchema,
  materialeSchema,
  materialeUpdateSchema,
  ubicazioneBodySchema,
  ubicazioneSchema,
  ubicazioneUpdateSchema,
  type LookupKind,
} from '@gestcava/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { lookupRepository, type LookupRow } from './lookups.repository.js';

// What the lookups' operation files share: each kind's schemas, the row's answer, the dependencies.

/** Each kind's schemas (body, update, answer) and the entity its history rows name. */
const DEFINITIONS = {
  cave: { body: cavaBodySchema, update: cavaUpdateSchema, schema: cavaSchema, entityType: 'cava' },
  materiali: {
    body: materialeBodySchema,
    update: materialeUpdateSchema,
    schema: materialeSchema,
    entityType: 'materiale',
  },
  ubicazioni: {
    body: ubicazioneBodySchema,
    update: ubicazioneUpdateSchema,
    schema: ubicazioneSchema,
    entityType: 'ubicazione',
  },
  macchine: {
    body: macchinaBodySchema,
    update: macchinaUpdateSchema,
    schema: macchinaSchema,
    entityType: 'macchina',
  },
} as const;

export function lookupDefinition<K extends LookupKind>(kind: K): (typeof DEFINITIONS)[K] {
  return DEFINITIONS[kind];
}

/** The API shape of a lookup (`_id`, `createdAt`, the data columns; never the company). */
export type LookupDto<K extends LookupKind> = z.output<(typeof DEFINITIONS)[K]['schema']>;

export function toDto<K extends LookupKind>(row: LookupRow<K>): LookupDto<K> {
  const { id, companyId: _companyId, createdAt, updatedAt: _updatedAt, ...data } = row;
  // The text columns (a materiale's `tipo`) hold only values the body schema let in, and the route's
  // response schema checks the shape again on the way out.
  return { _id: id, createdAt: createdAt.toISOString(), ...data } as LookupDto<K>;
}

export interface LookupDeps<K extends LookupKind> {
  db: Db;
  kind: K;
}

/** One kind's table, name and messages, as its operations use them. */
export function lookupCore<K extends LookupKind>(kind: K) {
  const label = LOOKUP_LABELS[kind].singolare;
  return {
    def: DEFINITIONS[kind],
    repo: lookupRepository(kind),
    label,
    // The audited fields are the body's: Object.keys loses their names' type.
    fields: Object.keys(DEFINITIONS[kind].body.shape) as Array<keyof LookupRow<K> & string>,
    taken: `${label}: esiste già con questo ${kind === 'cave' ? 'codice' : 'nome'}`,
    notFound: `${label} non trovata`,
  };
}

export type LookupCore<K extends LookupKind> = ReturnType<typeof lookupCore<K>>;
