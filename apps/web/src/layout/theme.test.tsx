import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_CONFIG } from './layout-config';
import { LayoutProvider } from './layout-provider';
import { applyTheme } from './theme';

afterEach(() => {
  vi.useRealTimers();
  for (const link of document.querySelectorAll('link[data-theme-link]')) link.remove();
});

describe('theme swap', () => {
  it('leaves no timer behind once the layout unmounts (a late timer would touch a torn-down document)', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <LayoutProvider initialConfig={{ ...DEFAULT_LAYOUT_CONFIG, colorScheme: 'dark' }}>
        <p>pagina</p>
      </LayoutProvider>,
    );
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('still swaps the stylesheet when the new one loads', async () => {
    const done = applyTheme('teal', 'dark');
    const link = document.querySelector<HTMLLinkElement>('link[data-theme-link]:not([id])');
    expect(link).not.toBeNull();
    link!.dispatchEvent(new Event('load'));
    await done;
    expect(document.getElementById('theme-css')).toBe(link);
    expect(document.documentElement.dataset.theme).toBe('lara-dark-teal');
  });
});
