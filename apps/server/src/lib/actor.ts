/**
 * Who performs a write, as the services take it for their audit rows and ownership checks. It lives in
 * lib/ so a service never imports the HTTP layer (plugins/auth.ts builds one from a request).
 */
export interface Actor {
  userId: string;
  companyId: string;
  isAdmin: boolean;
}
