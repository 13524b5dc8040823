import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Failed logins only (docs/api.md "Sessions and anti-forgery": throttling counts failures). Kept in the database so every instance sees them. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);

/** Stored answers of writing requests that carried an `Idempotency-Key` (docs/api.md "Sessions and anti-forgery", docs/offline.md). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'done'>().notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId, t.key] }),
    index('idempotency_created_idx').on(t.createdAt),
  ],
);
