import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

describe('request log lines', () => {
  it('never carry the signature of a signed file URL', () => {
    const lines: string[] = [];
    const options = loggerOptions(
      { LOG_LEVEL: 'info', NODE_ENV: 'production' },
      { write: (l) => void lines.push(l) },
    ) as {
      serializers: { req: (r: { method: string; url: string }) => { url: string } };
    };
    const logged = options.serializers.req({
      method: 'GET',
      url: '/api/files/a/b/c.png?exp=1795315496&sig=SeGrEtO-firma_123&dl=logo.png',
    });
    expect(logged.url).toBe('/api/files/a/b/c.png?exp=1795315496&sig=[nascosto]&dl=logo.png');
    expect(JSON.stringify(logged)).not.toContain('SeGrEtO');
  });
});
