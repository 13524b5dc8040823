import { permissionPreset, type User } from '@gestcava/contracts';

/**
 * The demo users (docs/screens.md "Demo data") as the login answer stores them, each with the
 * preset of its job as the demo seed gives it: a new page in a preset needs no line here.
 */
const base = { companyId: '01a2012d-1f45-7747-b13d-aae1ba03a062', active: true } as const;

export const DEMO_USERS = {
  admin: {
    ...base,
    _id: 'u-admin',
    name: 'Anna Amministratrice',
    email: 'admin@cava.example',
    role: 'admin',
    permissions: {},
  },
  produzione: {
    ...base,
    _id: 'u-prod',
    name: 'Marco Lazzerini',
    email: 'produzione@cava.example',
    role: 'user',
    permissions: permissionPreset('Produzione'),
  },
  magazzino: {
    ...base,
    _id: 'u-mag',
    name: 'Giulia Magazzino',
    email: 'magazzino@cava.example',
    role: 'user',
    permissions: permissionPreset('Magazzino'),
  },
  vendite: {
    ...base,
    _id: 'u-vend',
    name: 'Paolo Vendite',
    email: 'vendite@cava.example',
    role: 'user',
    permissions: permissionPreset('Vendite'),
  },
  segheria: {
    ...base,
    companyId: 'c-segheria',
    _id: 'u-seg',
    name: 'Sara Segheria',
    email: 'segheria@cava.example',
    role: 'user',
    permissions: permissionPreset('Segheria'),
  },
} satisfies Record<string, User>;

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
