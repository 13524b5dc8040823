import { can, idSchema, type PageKey } from '@gestcava/contracts';
import { z } from 'zod';
import { forbidden } from './app-error.js';
import { assertMayAct, type AuthContext, type SessionStore } from './auth/sessions.js';
import { FILES_ROUTE, type Storage } from './storage.js';

/** The query a session-bound link carries besides its own parameters. */
export interface SessionLinkQuery {
  sid?: string;
  uid?: string;
  exp?: number;
  sig?: string;
}

/** What a route opened by a signed link takes in its query besides its own parameters (the company the link was made for). */
export const signedLinkQuerySchema = z.object({
  companyId: idSchema.optional(),
  sid: idSchema.optional(),
  uid: idSchema.optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});
export type SignedLinkQuery = z.output<typeof signedLinkQuerySchema>;

/** A stored file's link: who may open it besides the session it is signed for. */
export interface FileLinkOptions {
  ttlSeconds: number;
  /** the name a download is saved as; without it an image shows inline */
  downloadName?: string;
  /** the session's user must read at least one of these pages when the link is used */
  pages: PageKey[];
}

/** A signed document: its subject names the company and the record, so a link opens that one only. */
export interface SignedDocument {
  /** e.g. `verbale`, `ddt` */
  kind: string;
  /** the page whose read the session needs when the link is used, as with a bearer */
  page: PageKey;
  /** how long a link works */
  ttlSeconds: number;
}

/** The page's read, as the auth plugin checks it on a non-public route. */
function mayRead(user: AuthContext['user'], page: PageKey) {
  if (!can(user, page, 'read')) throw forbidden();
}

export type SessionLinks = ReturnType<typeof createSessionLinks>;

/**
 * Links a browser opens without a bearer token (a document saved like any file) that work only while
 * the session that asked for them lives: the signature covers the session and its user, and
 * using the link resolves that session as a request would, so a logout, a revocation or a deactivated
 * user refuses it at once, not when the link expires.
 */
export function createSessionLinks(deps: LinkDeps) {
  return {
    /** The query parameters that sign `subject` for this session, valid at most `ttlSeconds`. */
    sign: (subject: string, auth: LinkSession, ttlSeconds: number) =>
      sign(deps, subject, auth, ttlSeconds),

    /**
     * The live session the link was made for, still allowed to act for `companyId` (its own company,
     * or any as an admin, as `X-Company-Id`), or 403 with the reason. The caller checks the page's read.
     */
    verify: (subject: string, companyId: string, query: SessionLinkQuery) =>
      verify(deps, subject, companyId, query),

    ...createFileLinks(deps),
    ...createDocumentLinks(deps),
  };
}

interface LinkDeps {
  storage: Storage;
  sessions: SessionStore;
}

/** The session a link is signed for. */
type LinkSession = Pick<AuthContext, 'sessionId'> & { user: { id: string } };

const bound = (subject: string, sid: string, uid: string) => `${subject}\n${sid}\n${uid}`;
const fileSubject = (key: string, downloadName: string, pages: string) =>
  `file\n${key}\n${downloadName}\n${pages}`;
const documentSubject = (doc: SignedDocument, companyId: string, id: string) =>
  `${doc.kind}\n${companyId}\n${id}`;

function sign(
  { storage }: LinkDeps,
  subject: string,
  auth: LinkSession,
  ttlSeconds: number,
): Record<string, string> {
  const { exp, sig } = storage.signSubject(
    bound(subject, auth.sessionId, auth.user.id),
    ttlSeconds,
  );
  return { sid: auth.sessionId, uid: auth.user.id, exp: String(exp), sig };
}

/** The live session a link was signed for, under the rules its bearer obeys, or 403 with the reason. */
async function liveSession(
  { storage, sessions }: LinkDeps,
  subject: string,
  { sid = '', uid = '', exp = NaN, sig = '' }: SessionLinkQuery,
): Promise<AuthContext> {
  const verdict = storage.verifySubject(bound(subject, sid, uid), exp, sig);
  if (verdict !== 'ok')
    throw forbidden(
      verdict === 'expired'
        ? 'Collegamento scaduto: ricarica la pagina'
        : 'Collegamento non valido',
    );
  const auth = await sessions.resolve(sid, uid);
  if (!auth)
    throw forbidden(
      'Collegamento non più valido: la sessione che lo ha creato è terminata. Accedi e riapri il documento',
    );
  // the rules a bearer of this session obeys on every route (plugins/auth.ts)
  assertMayAct(auth.user);
  return auth;
}

async function verify(
  deps: LinkDeps,
  subject: string,
  companyId: string,
  query: SessionLinkQuery,
): Promise<AuthContext> {
  const auth = await liveSession(deps, subject, query);
  if (auth.user.companyId !== companyId && auth.user.role !== 'admin') throw forbidden();
  return auth;
}

/** Links to stored files (a photo, a chat attachment). */
function createFileLinks(deps: LinkDeps) {
  return {
    /**
     * A relative URL of stored file `key` that works while this session lives and its user reads one
     * of `pages` (docs/security.md, "Links bound to their session"). The expiry is rounded as
     * `storage.signedUrl`'s, so within a session an `<img>` keeps one URL and the browser its cached copy.
     */
    fileUrl(
      key: string,
      auth: LinkSession,
      { ttlSeconds, downloadName = '', pages }: FileLinkOptions,
    ): string {
      const scope = pages.join(',');
      const signed = sign(deps, fileSubject(key, downloadName, scope), auth, ttlSeconds);
      const params = new URLSearchParams({ ...signed, pages: scope });
      if (downloadName) params.set('dl', downloadName);
      return `${FILES_ROUTE}/${key}?${params.toString()}`;
    },

    /** `fileUrl`'s link: its session alive and reading one of its pages, or 403 with the reason. */
    async verifyFile(
      key: string,
      query: SessionLinkQuery & { dl?: string; pages?: string },
    ): Promise<void> {
      const scope = query.pages ?? '';
      const { user } = await liveSession(deps, fileSubject(key, query.dl ?? '', scope), query);
      if (!scope.split(',').some((page) => can(user, page as PageKey, 'read'))) throw forbidden();
    },
  };
}

/** Links to a record's document (a verbale, a DDT), signed for its company and id. */
function createDocumentLinks(deps: LinkDeps) {
  return {
    /**
     * A relative URL of `path` that opens record `id`'s document without a bearer token while this session
     * lives; `params` (language, format) stay outside the signature: any of them is the same record.
     */
    documentUrl(
      doc: SignedDocument,
      auth: AuthContext & { companyId: string },
      id: string,
      path: string,
      params: Record<string, string> = {},
    ): string {
      const { companyId } = auth;
      const signed = sign(deps, documentSubject(doc, companyId, id), auth, doc.ttlSeconds);
      return `${path}?${new URLSearchParams({ companyId, ...signed, ...params }).toString()}`;
    },

    /**
     * The company a document download serves: with `sig`, the signed link's (its session alive and
     * still reading `doc.page`, or 403); without, the bearer's (`bearer` answers 401 without one), with
     * `doc.page` read. The bearer path is the API clients'; the signed one the browser's plain link.
     */
    async documentCompany(
      doc: SignedDocument,
      id: string,
      query: SignedLinkQuery,
      bearer: () => AuthContext & { companyId: string },
    ): Promise<{ companyId: string; userId: string }> {
      if (query.sig) {
        const companyId = query.companyId ?? '';
        const { user } = await verify(deps, documentSubject(doc, companyId, id), companyId, query);
        mayRead(user, doc.page);
        return { companyId, userId: user.id };
      }
      const auth = bearer();
      mayRead(auth.user, doc.page);
      return { companyId: auth.companyId, userId: auth.user.id };
    },
  };
}
