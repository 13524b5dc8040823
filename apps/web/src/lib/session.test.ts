import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@/test/fixtures';
import {
  clearSession,
  getSession,
  mergeCurrentUser,
  setSelectedCompanyId,
  setSession,
} from './session';
import { formDraftKey, readFormDraft, writeFormDraft } from './form-drafts';

describe('session storage (docs/domain.md "The records", §4)', () => {
  it('stores currentUser without the token and the token as token', () => {
    setSession({ ...DEMO_USERS.vendite, accessToken: 'jwt-123' }, 'jwt-123');
    expect(window.localStorage.getItem('token')).toBe('jwt-123');
    const stored = JSON.parse(window.localStorage.getItem('currentUser') ?? '{}') as Record<
      string,
      unknown
    >;
    expect(stored.email).toBe('vendite@cava.example');
    expect(stored.accessToken).toBeUndefined();
    expect(getSession().user?.name).toBe('Paolo Vendite');
  });

  it('merges an update of the current user into the stored user', () => {
    setSession(DEMO_USERS.produzione, 't');
    mergeCurrentUser({ name: 'Marco L.' });
    expect(getSession().user).toMatchObject({
      name: 'Marco L.',
      email: 'produzione@cava.example',
      role: 'user',
    });
    expect(JSON.parse(window.localStorage.getItem('currentUser') ?? '{}')).toMatchObject({
      name: 'Marco L.',
    });
  });

  it('clearSession removes token, user and the company choice', () => {
    setSession(DEMO_USERS.admin, 't');
    setSelectedCompanyId('c-2');
    clearSession();
    expect(getSession()).toEqual({ user: null, token: null, selectedCompanyId: null });
    expect(window.localStorage.getItem('currentUser')).toBeNull();
  });

  it("a session that expires keeps this tab's form drafts; the user's own logout clears them, old local ones too", () => {
    setSession(DEMO_USERS.admin, 't');
    writeFormDraft(formDraftKey('u-1', 'vendi', 'x'), { documento: 'DDT 1' });
    window.localStorage.setItem('gestcava.bozza.u-1.blocco.y', '{}');
    window.localStorage.setItem('theme', 'lara');
    clearSession('expired');
    expect(readFormDraft(formDraftKey('u-1', 'vendi', 'x'))?.values).toEqual({
      documento: 'DDT 1',
    });
    setSession(DEMO_USERS.admin, 't');
    clearSession('logout');
    expect(readFormDraft(formDraftKey('u-1', 'vendi', 'x'))).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('gestcava.bozza.u-1.blocco.y')).toBeNull();
    expect(window.localStorage.getItem('theme')).toBe('lara');
  });

  it('a corrupt stored user counts as none', () => {
    window.localStorage.setItem('currentUser', '{not json');
    window.localStorage.setItem('token', 't');
    window.dispatchEvent(new StorageEvent('storage', { key: 'currentUser' }));
    expect(getSession().user).toBeNull();
    expect(getSession().token).toBe('t');
  });
});
