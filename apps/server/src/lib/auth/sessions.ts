import type { Permissions, Role } from '@gestcava/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { AppError } from '../app-error.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  companyId: string;
  permissions: Permissions;
  active: boolean;
  mustChangePassword: boolean;
}

/**
 * The one rule a live session obeys on every route that accepts it, by bearer or by a session-bound
 * link (docs/security.md, "One set of session rules"): a user who must still replace a temporary
 * password does nothing else first.
 */
export function assertMayAct(user: AuthUser): void {
  if (user.mustChangePassword)
    throw new AppError('FORBIDDEN', 'Devi prima sostituire la password temporanea', {
      body: { passwordChangeRequired: true },
    });
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
}

interface CachedSession {
  context: AuthContext;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  fetchedAt: number;
}

const CACHE_MS = 5_000;
const LAST_SEEN_WRITE_MS = 60_000;

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Server-side sessions behind the JWT (docs/api.md "Sessions and anti-forgery"): every request checks the row,
 * cached per instance for at most 5 s, so a revocation is seen within that time everywhere
 * and at once on this instance.
 */
export function createSessionStore({ db, policy }: { db: Db; policy: SessionPolicy }) {
  const state: SessionState = { db, policy, cache: new Map(), revokeListeners: [] };
  return {
    /** A new session's row, by this store's policy: the login inserts it with its other writes in one statement. */
    newRow: (userId: string, meta: { ip?: string; userAgent?: string }) =>
      newSessionRow(policy, userId, meta),
    /** The live session for a token's claims, or null when revoked, idle too long, expired or the user is inactive. */
    resolve: (sessionId: string, userId: string) => resolveSession(state, sessionId, userId),
    ...createRevocations(state),
  };
}

/** What the operations of one store share: its cache of sessions and who listens for revocations. */
interface SessionState {
  db: Db;
  policy: SessionPolicy;
  cache: Map<string, CachedSession>;
  revokeListeners: Array<(sessionIds: string[]) => void>;
}

function newSessionRow(
  policy: SessionPolicy,
  userId: string,
  meta: { ip?: string; userAgent?: string },
) {
  const now = new Date();
  return {
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  } satisfies typeof sessions.$inferInsert;
}

async function resolveSession(
  state: SessionState,
  sessionId: string,
  userId: string,
): Promise<AuthContext | null> {
  const { policy } = state;
  const now = Date.now();
  let entry = state.cache.get(sessionId);
  if (!entry || now - entry.fetchedAt > CACHE_MS) {
    const loaded = await loadSession(state, sessionId, now);
    if (!loaded) {
      state.cache.delete(sessionId);
      return null;
    }
    entry = loaded;
    state.cache.set(sessionId, entry);
  }
  const { context } = entry;
  if (context.user.id !== userId || !context.user.active) return null;
  if (now >= entry.expiresAt.getTime() || now - entry.createdAt.getTime() >= policy.absoluteMs)
    return null;
  if (now - entry.lastSeenAt.getTime() >= policy.idleMs) return null;
  return context;
}

/** The session's row with its user, its last-seen time written at most once a minute; null when revoked or missing. */
async function loadSession(
  { db, policy }: SessionState,
  sessionId: string,
  now: number,
): Promise<CachedSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) return null;
  const entry: CachedSession = {
    context: {
      sessionId,
      user: {
        id: row.user.id,
        name: row.user.name,
        email: row.user.email,
        role: row.user.role,
        companyId: row.user.companyId,
        permissions: row.user.permissions,
        active: row.user.active,
        mustChangePassword: row.user.mustChangePassword,
      },
    },
    createdAt: row.session.createdAt,
    lastSeenAt: row.session.lastSeenAt,
    expiresAt: row.session.expiresAt,
    fetchedAt: now,
  };
  if (
    now - entry.lastSeenAt.getTime() > LAST_SEEN_WRITE_MS &&
    now - entry.lastSeenAt.getTime() <= policy.idleMs
  ) {
    entry.lastSeenAt = new Date(now);
    await db
      .update(sessions)
      .set({ lastSeenAt: entry.lastSeenAt })
      .where(eq(sessions.id, sessionId));
  }
  return entry;
}

/** Ending sessions: the rows are marked revoked, the cached copies dropped and the listeners told. */
function createRevocations(state: SessionState) {
  const { db, cache } = state;
  function notify(ids: string[]) {
    for (const id of ids) cache.delete(id);
    if (ids.length) for (const l of state.revokeListeners) l(ids);
  }

  return {
    async revoke(sessionId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      notify([sessionId]);
    },

    /** Every session of the user, or all but one (a password change keeps the session that made it). */
    async revokeAllForUser(userId: string, exceptSessionId?: string) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      notify(rows.map((r) => r.id));
      for (const [id, entry] of cache)
        if (entry.context.user.id === userId && id !== exceptSessionId) cache.delete(id);
    },

    /** The ids of a user's live sessions (read before the user row, and its sessions with it, is deleted). */
    async liveIdsOfUser(userId: string, tx: DbOrTx = db): Promise<string[]> {
      const rows = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      return rows.map((r) => r.id);
    },

    /** Sessions that ended with their user row (deleted, so no revocation was written): caches and sockets let go at once. */
    ended(sessionIds: string[]) {
      notify(sessionIds);
    },

    /** Drops cached copies of a user (after their own name or email changed). */
    forgetUser(userId: string) {
      for (const [id, entry] of cache) if (entry.context.user.id === userId) cache.delete(id);
    },

    /** Realtime connections close when their session is revoked. */
    onRevoke(listener: (sessionIds: string[]) => void) {
      state.revokeListeners.push(listener);
    },
  };
}
