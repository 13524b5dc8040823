import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * Gloves in the yard: on a phone every button, tab, dropdown and checkbox of
 * the round-2 pages is at least 44 px tall, a checkbox's clickable area 44 × 44 (WCAG 2.2's 24 px
 * is the floor, not the goal). Measured at 390 px over each page, its list and one detail.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const MIN = 44;

/**
 * What a finger presses: the controls users pressed and missed. A dropdown opens wherever it is pressed,
 * so the whole dropdown is its trigger, not only the arrow inside it.
 */
const TARGETS = [
  'button',
  '.p-button',
  '[role="button"]:not(.p-dropdown-trigger, .p-multiselect-trigger)',
  '[role="tab"]',
  '.p-tabmenuitem > a',
  '.p-tabview-nav-link',
  '.p-dropdown',
  '.p-multiselect',
  '.p-checkbox',
  '.p-radiobutton',
  'input[type="checkbox"]:not(.p-checkbox-input)',
].join(', ');

/** The controls on screen (the whole page, scrolled or not) smaller than a gloved finger. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('body').evaluate(
    (body, { selector, min }) => {
      const hidden = (el: Element) =>
        el.closest('.sr-only, .p-hidden-accessible, [aria-hidden="true"]') !== null ||
        !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      const name = (el: Element) => {
        const label =
          el.getAttribute('aria-label') ??
          el.getAttribute('data-testid') ??
          (el.textContent ?? '').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${label}"`;
      };
      const out: string[] = [];
      for (const el of body.querySelectorAll(selector)) {
        if (hidden(el)) continue;
        const r = el.getBoundingClientRect();
        // off-canvas (the closed sidebar) is not on screen
        if (r.width === 0 || r.right <= 0 || r.left >= window.innerWidth) continue;
        const square = el.matches('.p-checkbox, .p-radiobutton, input[type="checkbox"]');
        if (r.height < min - 0.5 || (square && r.width < min - 0.5))
          out.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      return out;
    },
    { selector: TARGETS, min: MIN },
  );
}

/** The page has loaded its data: no spinner, no skeleton. */
async function settled(page: Page) {
  await expect(page.locator('.p-progress-spinner, .p-skeleton')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('page-title')).toBeVisible();
}

/** The list, then the first record's detail by its link. */
async function listAndDetail(page: Page, path: string, offenders: Record<string, string[]>) {
  await page.goto(path);
  await settled(page);
  offenders[path] = await smallTargets(page);
  await page.getByTestId('list-card').first().click();
  await expect(page).not.toHaveURL(new RegExp(`${path}(\\?|$)`));
  await settled(page);
  offenders[`${path} (dettaglio)`] = await smallTargets(page);
}

test('at 390 px no button, tab, dropdown or checkbox of the round-2 pages is under 44 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.admin);
  const offenders: Record<string, string[]> = {};
  for (const path of [
    '/app/pages/lastre',
    '/app/pages/pavimenti',
    '/app/pages/magazzino/pacchi',
    '/app/pages/magazzino/lastre',
    '/app/pages/magazzino/pavimenti',
    '/app/pages/collaudi',
    '/app/pages/spedizioni',
  ]) {
    await listAndDetail(page, path, offenders);
  }
  for (const path of [
    '/app/dashboard',
    '/app/pages/statistiche',
    '/app/reportistica',
    '/app/pages/trasferimenti',
  ]) {
    await page.goto(path);
    await settled(page);
    offenders[path] = await smallTargets(page);
  }
  // a form in its dialog: the close button, the fields' dropdowns, the footer
  await page.goto('/app/pages/magazzino/lastre?stato=disponibile');
  await page.getByTestId('list-card').first().click();
  await page.getByTestId('lastra-vendi').click();
  await expect(page.getByTestId('vendi-form-dialog')).toBeVisible();
  offenders['Vendi (dialogo)'] = await smallTargets(page);
  expect(
    Object.fromEntries(Object.entries(offenders).filter(([, list]) => list.length > 0)),
  ).toEqual({});
});

test('on the collaudo page a field reached by Tab is scrolled above the totals bar, not under it', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/app/pages/collaudi?stato=in_corso');
  await page.getByTestId('list-card').first().click();
  const bar = page.getByTestId('collaudo-totali');
  await expect(bar).toBeVisible();
  await page.locator('.riga-card input').first().focus();
  const hidden: string[] = [];
  // through the blocks' cards, as an inspector moves from field to field
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const under = await page.evaluate(() => {
      const focused = document.activeElement;
      const totals = document.querySelector('.collaudo-totali');
      if (!focused || !totals || !focused.closest('.riga-card')) return null;
      const f = focused.getBoundingClientRect();
      const t = totals.getBoundingClientRect();
      return f.bottom > t.top + 0.5
        ? `${focused.getAttribute('aria-label') ?? focused.id ?? focused.textContent} ${Math.round(f.bottom - t.top)} px`
        : null;
    });
    if (under) hidden.push(under);
  }
  expect(hidden).toEqual([]);
});
