import type { Config } from '../config/config.js';

/** The answer to a request for a host this instance does not serve (HTTP and the socket handshake). */
export const MISDIRECTED_MESSAGE = 'Richiesta per un host non servito da questo server';

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** The host name of a `Host` header (`Localhost:3000` → `localhost`, `[::1]:80` → `[::1]`), or null. */
function hostName(header: string | undefined): string | null {
  if (!header) return null;
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return null;
  }
}

/** A configured name as a `Host` header would carry it: a bare IPv6 address gets its brackets. */
const asHostHeader = (name: string) =>
  name.split(':').length > 2 && !name.startsWith('[') ? `[${name}]` : name;

/** Whether a request's `Host` header names this instance. */
export type HostCheck = (hostHeader: string | undefined) => boolean;

/**
 * DNS rebinding: a hostile page whose name resolves to this server would otherwise talk to it as its
 * own origin. Only the names the instance serves are accepted: loopback (`localhost`, `127.x.x.x`,
 * `[::1]`, any port), the address it listens on when that is not a wildcard, `PUBLIC_HOSTS` and
 * `PRODUCTION_DOMAIN` with its subdomains.
 */
export function createHostCheck(
  config: Pick<Config, 'HOST' | 'publicHosts' | 'PRODUCTION_DOMAIN'>,
): HostCheck {
  const named = [...config.publicHosts, WILDCARDS.has(config.HOST) ? '' : config.HOST];
  const allowed = new Set(named.filter(Boolean).map((name) => hostName(asHostHeader(name))));
  const domain = config.PRODUCTION_DOMAIN ? hostName(config.PRODUCTION_DOMAIN) : null;
  return (hostHeader) => {
    const name = hostName(hostHeader);
    if (!name) return false;
    if (
      name === 'localhost' ||
      name === '[::1]' ||
      /^127\.\d+\.\d+\.\d+$/.test(name) ||
      allowed.has(name)
    )
      return true;
    // The production domain and its subdomains, as /api/health's `staging` reads it.
    return domain !== null && (name === domain || name.endsWith(`.${domain}`));
  };
}
