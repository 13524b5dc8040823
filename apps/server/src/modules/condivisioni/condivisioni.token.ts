import crypto from 'node:crypto';

/**
 * A link's token: 32 random bytes (256 bits), base64url. Only its SHA-256 is stored
 * (docs/condivisioni.md "Il token"): the url exists in the creation's answer and nowhere else.
 */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** An address cut to its network (IPv4 /24, IPv6 /48): enough to tell places apart, not a person. */
export function truncateAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    while (groups.length < 3) groups.push('0');
    return `${groups.join(':')}::/48`;
  }
  return 'sconosciuto';
}

/** The browser as its User-Agent names it, cut short (what a visit's row keeps). */
export function browserOf(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').trim();
  return ua ? ua.slice(0, 200) : 'sconosciuto';
}
