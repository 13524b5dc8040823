/**
 * The one API client (docs/screens.md "Transport"): JSON calls through fetch, uploads through
 * XMLHttpRequest (for progress). Both share the same rules (./transport.ts):
 * - `Authorization: Bearer <token>` when a token is stored;
 * - `X-Company-Id` when an admin acts for another group company;
 * - `X-CSRF-Token` (cookie XSRF-TOKEN, else the stored csrfToken) on every non-GET/HEAD/OPTIONS
 *   request; fetched first when none exists;
 * - `Idempotency-Key` (a UUID, the same across the retry) on every creating request;
 * - 403 with `tokenRefreshRequired`: a new anti-forgery token and one retry (uploads after 2 s);
 * - 401 (except where the caller handles it, e.g. a failed login): token and user are cleared
 *   and the app goes to /auth/login?returnUrl=….
 */
export { ApiError, isApiError } from './errors';
export { clearCsrfToken, refreshCsrfToken } from './csrf';
export { buildUrl, configureApiClient, newIdempotencyKey } from './transport';
export { api } from './request';
export { apiDownload } from './download';
export { apiUpload, type UploadProgress } from './upload';
