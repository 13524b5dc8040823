import lightBlue from 'primereact/resources/themes/lara-light-blue/theme.css?url';
import darkBlue from 'primereact/resources/themes/lara-dark-blue/theme.css?url';
import lightIndigo from 'primereact/resources/themes/lara-light-indigo/theme.css?url';
import darkIndigo from 'primereact/resources/themes/lara-dark-indigo/theme.css?url';
import lightTeal from 'primereact/resources/themes/lara-light-teal/theme.css?url';
import darkTeal from 'primereact/resources/themes/lara-dark-teal/theme.css?url';
import { CRITICAL_CSS_ID } from './critical-css';
import type { LayoutConfig } from './layout-config';

/**
 * Theme switching under the CSP (style-src 'self'): every theme is a separate hashed CSS file
 * emitted by Vite (`?url` import), and the page swaps one <link id="theme-css">. No inline
 * script or style is needed; the new link is added first and the old one removed once the new
 * one has loaded, so the page never shows unstyled.
 */
const THEMES: Record<LayoutConfig['theme'], Record<LayoutConfig['colorScheme'], string>> = {
  blue: { light: lightBlue, dark: darkBlue },
  indigo: { light: lightIndigo, dark: darkIndigo },
  teal: { light: lightTeal, dark: darkTeal },
};

const THEME_LINK_ID = 'theme-css';

function themeHref(theme: LayoutConfig['theme'], scheme: LayoutConfig['colorScheme']): string {
  return THEMES[theme][scheme];
}

/**
 * Resolves when the stylesheet has loaded (or failed, or after 4 s, or when `signal` aborts).
 * Aborting clears the timer and listeners: a component that unmounts (or a test environment that
 * is torn down) must leave nothing that fires later and touches `document`.
 */
export function applyTheme(
  theme: LayoutConfig['theme'],
  scheme: LayoutConfig['colorScheme'],
  signal?: AbortSignal,
): Promise<void> {
  const href = themeHref(theme, scheme);
  const root = document.documentElement;
  root.dataset.colorScheme = scheme;
  root.dataset.theme = `lara-${scheme}-${theme}`;
  root.style.colorScheme = scheme;

  const current = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (current && current.getAttribute('href') === href) return Promise.resolve();

  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.themeLink = '';
  return new Promise<void>((resolve) => {
    let settled = false;
    const timer = setTimeout(() => finish(), 4000);
    const stop = () => {
      settled = true;
      clearTimeout(timer);
      link.removeEventListener('load', finish);
      link.removeEventListener('error', finish);
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      if (settled) return;
      stop();
      resolve();
    };
    const finish = () => {
      if (settled) return;
      stop();
      // Older links (a previous swap still loading included) go away once the new one is in.
      for (const old of document.querySelectorAll('link[data-theme-link]')) {
        if (old !== link) old.remove();
      }
      link.id = THEME_LINK_ID;
      document.getElementById(CRITICAL_CSS_ID)?.remove();
      resolve();
    };
    link.addEventListener('load', finish, { once: true });
    link.addEventListener('error', finish, { once: true });
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    // Before the app's own CSS, so layout rules can refine the theme.
    const first = document.head.querySelector('link[rel="stylesheet"], style');
    document.head.insertBefore(link, first);
  });
}

/** Root font size: PrimeReact sizes in rem, so the scale is the html font-size. */
export function applyScale(scale: number): void {
  document.documentElement.style.fontSize = `${scale}px`;
}
