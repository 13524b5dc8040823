import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app/providers';
import { createAppRouter, loadMatchedRoutes } from './app/router';
import { DEFAULT_LAYOUT_CONFIG } from './layout/layout-config';
import { setSession } from './lib/session';
import { queryClient } from './lib/query-client';
import { DEMO_USERS, jsonResponse } from './test/fixtures';
import { PRERENDERED_PAGES, prerenderPage } from './prerender';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  queryClient.clear();
});

/** The page as the build writes it, then taken over the way src/main.tsx does it. */
async function hydrateAt(path: string, visitor: () => void = () => undefined) {
  const { html } = await prerenderPage(path);
  // the browser's own state (a stored session) is set once the build's work is done
  visitor();
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const container = document.getElementById('root')!;
  const drawn = container.firstElementChild;
  const problems: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // React's development warning for this test's own setup: one process runs the static renderer
    // and the client over the same contexts, where a browser runs only the client
    if (String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) return;
    problems.push(args);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse({ status: 'ok' }))),
  );
  await loadMatchedRoutes(path);
  const router = createAppRouter();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProviders queryClient={queryClient} layoutConfig={DEFAULT_LAYOUT_CONFIG}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      { onRecoverableError: (error) => problems.push(error) },
    );
    await Promise.resolve();
  });
  return { container, drawn, problems, router };
}

describe('prerendered public pages (docs/performance.md "The login paints first")', () => {
  it('the login page holds the constant logo, the two fields and the button', async () => {
    const { html, title } = await prerenderPage('/auth/login');
    expect(title).toBe('Accedi · GestCava');
    document.body.innerHTML = html;
    expect(document.querySelector('img.login-logo')?.getAttribute('src')).toBe('/user/logo');
    expect(document.querySelector('#login-email')?.getAttribute('type')).toBe('email');
    expect(document.querySelector('#login-password')?.getAttribute('type')).toBe('password');
    const submit = document.querySelector<HTMLButtonElement>('[data-testid="login-submit"]');
    expect(submit?.textContent).toBe('Accedi');
    // before its script the form cannot be sent (the browser would put the password in the address)
    expect(submit?.disabled).toBe(true);
    expect(document.querySelector('form')?.getAttribute('method')).toBe('post');
  });

  for (const { path } of PRERENDERED_PAGES) {
    it(`${path} hydrates without a mismatch and keeps the drawn nodes`, async () => {
      const { container, drawn, problems } = await hydrateAt(path);
      expect(problems).toEqual([]);
      expect(container.firstElementChild).toBe(drawn);
      expect(container.querySelector('[data-testid="full-screen-loader"]')).toBeNull();
      if (path === '/auth/login')
        expect(container.querySelector('button[type="submit"]')).toBeEnabled();
    });
  }

  it('a signed-in visitor on the landing gets the way to the app once hydrated', async () => {
    const { container, problems } = await hydrateAt('/landing', () =>
      setSession(DEMO_USERS.produzione, 'token-1'),
    );
    expect(problems).toEqual([]);
    expect(container.querySelector('[data-testid="landing-app"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="landing-login"]')).toBeNull();
  });
});
