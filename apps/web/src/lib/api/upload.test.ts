import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '@/test/fixtures';
import {
  csrfInvalid,
  onUnauthorized,
  script,
  sleep,
  urls,
  installApiMocks,
  UUID,
} from '@/test/api-mocks';
import { getSession, setSession } from '../session';
import { UPLOAD_RETRY_DELAY_MS } from './transport';
import { apiUpload } from './upload';

installApiMocks();

interface FakeAnswer {
  status: number;
  body: unknown;
}

class FakeXhr {
  static instances: FakeXhr[] = [];
  static answers: FakeAnswer[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: unknown = null;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.sent = body;
    const answer = FakeXhr.answers.shift() ?? { status: 599, body: {} };
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
      this.upload.onprogress?.({
        loaded: 100,
        total: 100,
        lengthComputable: true,
      } as ProgressEvent);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

describe('uploads (XMLHttpRequest with progress)', () => {
  beforeEach(() => {
    FakeXhr.instances = [];
    FakeXhr.answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  const form = () => {
    const f = new FormData();
    f.append('entityType', 'blocco');
    return f;
  };

  it('shares bearer, anti-forgery and Idempotency-Key, and reports progress', async () => {
    setSession(DEMO_USERS.produzione, 'jwt-up');
    window.localStorage.setItem('csrfToken', 'csrf-up');
    FakeXhr.answers = [{ status: 201, body: { success: true } }];
    const progress: (number | null)[] = [];
    await expect(
      apiUpload('/photos/uploadPhotos', form(), { onProgress: (p) => progress.push(p.percent) }),
    ).resolves.toEqual({ success: true });
    const xhr = FakeXhr.instances[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.headers.Authorization).toBe('Bearer jwt-up');
    expect(xhr?.headers['X-CSRF-Token']).toBe('csrf-up');
    expect(xhr?.headers['Idempotency-Key']).toMatch(UUID);
    expect(xhr?.headers['Content-Type']).toBeUndefined();
    expect(xhr?.timeout).toBe(300_000);
    expect(progress).toEqual([50, 100]);
  });

  it('fetches an anti-forgery token first when none exists', async () => {
    script([], ['first-token']);
    FakeXhr.answers = [{ status: 201, body: {} }];
    await apiUpload('/photos/uploadPhotos', form());
    expect(urls()).toEqual(['GET /api/token']);
    expect(FakeXhr.instances[0]?.headers['X-CSRF-Token']).toBe('first-token');
  });

  it('403 tokenRefreshRequired: waits 2 s, fetches a token and retries once with the same key', async () => {
    window.localStorage.setItem('csrfToken', 'stale');
    script([], ['fresh-up']);
    FakeXhr.answers = [
      { status: 403, body: csrfInvalid },
      { status: 201, body: { ok: true } },
    ];
    await expect(apiUpload('/photos/uploadPhotos', form())).resolves.toEqual({ ok: true });
    expect(sleep).toHaveBeenCalledWith(UPLOAD_RETRY_DELAY_MS);
    expect(UPLOAD_RETRY_DELAY_MS).toBe(2000);
    const [first, second] = FakeXhr.instances;
    expect(second?.headers['X-CSRF-Token']).toBe('fresh-up');
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(FakeXhr.instances).toHaveLength(2);
  });

  it('cancelled while its anti-forgery token is fetched: the file never leaves', async () => {
    script([], ['late-token']);
    const controller = new AbortController();
    const upload = apiUpload('/photos/uploadPhotos', form(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('401 on an upload ends the session like any other request', async () => {
    setSession(DEMO_USERS.produzione, 'jwt');
    window.localStorage.setItem('csrfToken', 'c');
    window.history.replaceState(null, '', '/app/bancate');
    FakeXhr.answers = [
      { status: 401, body: { message: 'Sessione scaduta', code: 'UNAUTHORIZED' } },
    ];
    await expect(apiUpload('/photos/uploadPhotos', form())).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/app/bancate');
  });
});
