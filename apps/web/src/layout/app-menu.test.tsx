import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { User } from '@gestcava/contracts';
import { DEMO_USERS } from '@/test/fixtures';
import { AppMenu } from './app-menu';
import { APP_MENU } from '@/app/app-pages';
import { filterMenu } from './menu-model';

function renderMenu(pathname: string, user: User = DEMO_USERS.admin) {
  const entries = filterMenu(user, APP_MENU);
  const view = render(
    <MemoryRouter initialEntries={[pathname]}>
      <AppMenu entries={entries} pathname={pathname} />
    </MemoryRouter>,
  );
  const rerenderAt = (p: string) =>
    view.rerender(
      <MemoryRouter initialEntries={[p]}>
        <AppMenu entries={entries} pathname={p} />
      </MemoryRouter>,
    );
  return { ...view, rerenderAt };
}

const toggle = (name: string) => screen.getByRole('button', { name });

describe('sidebar submenus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the group of the current page', () => {
    renderMenu('/app/pages/magazzino/lastre');
    expect(toggle('Magazzino')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('Produzione')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Lastre', hidden: false })).toHaveAttribute(
      'href',
      '/app/pages/magazzino/lastre',
    );
  });

  it('a click opens and closes a group; keyboard users get aria-expanded and aria-controls', () => {
    renderMenu('/app/dashboard');
    const produzione = toggle('Produzione');
    expect(produzione).toHaveAttribute('aria-controls', 'submenu-produzione');
    fireEvent.click(produzione);
    expect(produzione).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Bancate' })).toBeVisible();
    fireEvent.click(produzione);
    expect(produzione).toHaveAttribute('aria-expanded', 'false');
  });

  it('an open submenu collapses by itself after 15 s', () => {
    renderMenu('/app/dashboard');
    fireEvent.click(toggle('Lavorazione'));
    act(() => vi.advanceTimersByTime(14_999));
    expect(toggle('Lavorazione')).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(toggle('Lavorazione')).toHaveAttribute('aria-expanded', 'false');
  });

  it('using the submenu restarts its 15 s', () => {
    renderMenu('/app/dashboard');
    fireEvent.click(toggle('Anagrafica'));
    act(() => vi.advanceTimersByTime(10_000));
    fireEvent.pointerEnter(toggle('Anagrafica').closest('li') as HTMLElement);
    act(() => vi.advanceTimersByTime(10_000));
    expect(toggle('Anagrafica')).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(5_000));
    expect(toggle('Anagrafica')).toHaveAttribute('aria-expanded', 'false');
  });

  it('navigating to a page of a closed group opens it again', () => {
    const { rerenderAt } = renderMenu('/app/dashboard');
    expect(toggle('Vendita')).toHaveAttribute('aria-expanded', 'false');
    rerenderAt('/app/pages/collaudi');
    expect(toggle('Vendita')).toHaveAttribute('aria-expanded', 'true');
  });

  it('the FUNZIONI heading is rendered only with Vendita', () => {
    renderMenu('/app/dashboard', DEMO_USERS.produzione);
    expect(screen.queryByText('FUNZIONI')).toBeNull();
  });
});
