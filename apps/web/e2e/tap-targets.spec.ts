import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './helpers';

/**
 * A finger, not a mouse (docs/web-shell.md "Phone touch targets"): at 390 px every tap target in
 * the page's main area — links in lists and agendas included, the dashboard's tile numbers, the
 * switches, the password's eye — is at least 40 × 40 px.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const MIN = 40;
const TARGETS = [
  'a[href]',
  'button',
  '[role="button"]',
  '[role="switch"]',
  '.p-inputswitch',
  '.p-checkbox',
  'select',
].join(', ');

/** The tap targets of `main` smaller than MIN in either direction. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate(
    (main, { selector, min }) => {
      const hidden = (el: Element) =>
        el.closest('.sr-only, .p-hidden-accessible, [aria-hidden="true"]') !== null ||
        !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const out: string[] = [];
      for (const el of main.querySelectorAll(selector)) {
        if (hidden(el)) continue;
        // a control inside another target is the same tap (a switch's input, a link's icon)
        if (el.parentElement?.closest(selector)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.width < min - 0.5 || r.height < min - 0.5) {
          const label =
            el.getAttribute('aria-label') ??
            el.getAttribute('data-testid') ??
            (el.textContent ?? '').trim().slice(0, 30);
          out.push(
            `${el.tagName.toLowerCase()} "${label}" ${Math.round(r.width)}×${Math.round(r.height)}`,
          );
        }
      }
      return out;
    },
    { selector: TARGETS, min: MIN },
  );
}

async function settled(page: Page, title: string | RegExp) {
  await expect(page.locator('main h1').first()).toHaveText(title, { timeout: 30_000 });
  await expect(page.locator('.p-progress-spinner, .p-skeleton')).toHaveCount(0, {
    timeout: 15_000,
  });
}

test('at 390 px every tap target of the dashboard, the gallery, Automezzi, Spedizioni and the profile is at least 40 × 40', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const offenders: Record<string, string[]> = {};
  await login(page, DEMO.admin);
  await settled(page, 'Dashboard');
  await expect(page.getByTestId('agenda-list')).toBeVisible();
  offenders.dashboard = await smallTargets(page);
  for (const [path, title] of [
    ['/app/photo-gallery', /Galleria/],
    ['/app/pages/automezzi', /Automezzi/],
    ['/app/pages/spedizioni', /Spedizioni/],
    ['/app/pages/profile', /Profilo/],
  ] as const) {
    await page.goto(path);
    await settled(page, title);
    offenders[path] = await smallTargets(page);
  }
  expect(offenders).toEqual({
    dashboard: [],
    '/app/photo-gallery': [],
    '/app/pages/automezzi': [],
    '/app/pages/spedizioni': [],
    '/app/pages/profile': [],
  });
});
