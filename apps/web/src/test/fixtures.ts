import type { User } from '@gestcava/contracts';

/** The demo users of DESIGN §7, as the login answer stores them. */
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
    permissions: {
      dashboard: true,
      bancate: true,
      blocchi: true,
      'blocchi-esterni': true,
      'photo-gallery': true,
      chat: true,
    },
  },
  magazzino: {
    ...base,
    _id: 'u-mag',
    name: 'Giulia Magazzino',
    email: 'magazzino@cava.example',
    role: 'user',
    permissions: {
      dashboard: true,
      'lavorazione-lastre': true,
      'lavorazione-pavimenti': true,
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
      'photo-gallery': true,
      spedizioni: true,
      chat: true,
    },
  },
  vendite: {
    ...base,
    _id: 'u-vend',
    name: 'Paolo Vendite',
    email: 'vendite@cava.example',
    role: 'user',
    permissions: {
      dashboard: true,
      collaudi: true,
      spedizioni: true,
      fatture: true,
      clienti: true,
      fornitori: true,
      statistiche: true,
      chat: true,
      blocchi: { access: true, write: false },
    },
  },
  segheria: {
    ...base,
    companyId: 'c-segheria',
    _id: 'u-seg',
    name: 'Sara Segheria',
    email: 'segheria@cava.example',
    role: 'user',
    permissions: {
      dashboard: true,
      blocchi: true,
      'blocchi-esterni': true,
      'lavorazione-lastre': true,
      'magazzino-lastre': true,
      chat: true,
    },
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
