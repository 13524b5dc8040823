import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  fillLogin,
  PASSWORD,
  screenshot,
  watchConsole,
} from './helpers';

/**
 * The chat in the browser: two colleagues in two browser contexts chat in real time; the receiver's
 * top-bar badge counts up while they are elsewhere (with a desktop notification) and goes back to
 * zero when they read; attachments, read state, delete, markup shown as text, 360 px.
 */

const CHAT_PASSWORD = 'Chat-Prova-Sicura-2026';

const TEMPORARY_PASSWORD = 'Data-Dall-Admin-2026';

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const anon = ((await (await request.get('/api/token')).json()) as { csrfToken: string })
    .csrfToken;
  const res = await request.post('/user/login', {
    headers: { 'X-CSRF-Token': anon },
    data: { email, password },
  });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { user: { accessToken: string } }).user.accessToken;
  const auth = { Authorization: `Bearer ${token}` };
  const csrf = (
    (await (await request.get('/api/token', { headers: auth })).json()) as { csrfToken: string }
  ).csrfToken;
  return { ...auth, 'X-CSRF-Token': csrf };
}

/** The login of a colleague created here, through the API (to write many messages fast). */
async function colleagueHeaders(request: APIRequestContext, email: string) {
  return apiLogin(request, email, CHAT_PASSWORD);
}

/** Fresh colleagues for this run, so the counts do not depend on other specs. */
async function createColleague(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
  name: string,
) {
  const email = `${name.toLowerCase()}-${Date.now()}${Math.floor(Math.random() * 1000)}@cava.example`;
  const res = await request.post('/user/register', {
    headers: adminHeaders,
    data: {
      name,
      email,
      password: TEMPORARY_PASSWORD,
      role: 'user',
      permissions: { dashboard: true, chat: true },
      active: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  // A password chosen by the admin must be replaced at the first login: the colleague does so, in a
  // context of their own (its anti-forgery cookie must not replace the admin's).
  const theirs = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const own = await apiLogin(theirs, email, TEMPORARY_PASSWORD);
  const changed = await theirs.post('/user/change-password', {
    headers: own,
    data: { currentPassword: TEMPORARY_PASSWORD, newPassword: CHAT_PASSWORD },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await theirs.dispose();
  return { name, email };
}

/** A browser of its own, where desktop notifications are granted and recorded. */
async function colleaguePage(browser: Browser, width = 1366, height = 768): Promise<Page> {
  const context = await browser.newContext({
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width, height },
  });
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    const shown: Array<{ title: string; body: string }> = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded });
  });
  return context.newPage();
}

async function loginAs(page: Page, email: string) {
  await page.goto('/auth/login');
  await fillLogin(page, email, CHAT_PASSWORD);
  await expect(page).toHaveURL(/\/app\//);
}

async function openConversation(page: Page, name: string) {
  await page.getByTestId('chat-search').fill(name);
  await page.locator(`[data-name="${name}"]`).click();
  await expect(page.getByTestId('chat-pane-name')).toHaveText(name);
}

test.describe('chat', () => {
  test('two colleagues chat in real time; the badge counts up and back to zero', async ({
    browser,
    request,
  }, testInfo) => {
    const admin = await apiLogin(request, DEMO.admin.email, PASSWORD);
    const anna = await createColleague(request, admin, 'Anna');
    const bruno = await createColleague(request, admin, 'Bruno');

    const a = await colleaguePage(browser);
    const b = await colleaguePage(browser);
    const consoleA = watchConsole(a);
    const consoleB = watchConsole(b);
    await loginAs(a, anna.email);
    await loginAs(b, bruno.email);
    await expect(b.getByTestId('chat-badge')).toHaveCount(0);

    // Anna writes; Bruno is on the dashboard: the badge counts each message and a notification appears.
    await a.getByTestId('topbar-chat').click();
    await expect(a.getByTestId('page-title')).toHaveText('Chat');
    await openConversation(a, bruno.name);
    const input = a.getByTestId('chat-input');
    await input.fill('Ciao Bruno, il blocco è pronto');
    await input.press('Enter');
    await expect(a.getByTestId('chat-text').last()).toHaveText('Ciao Bruno, il blocco è pronto');
    await expect(input).toHaveValue('');
    await expect(b.getByTestId('chat-badge')).toHaveText('1');

    // Shift+Enter is a new line, Enter sends; markup stays text.
    await input.fill('Prima riga');
    await input.press('Shift+Enter');
    await input.pressSequentially('<img src=x onerror=alert(1)>');
    await input.press('Enter');
    await expect(b.getByTestId('chat-badge')).toHaveText('2');
    await expect
      .poll(() =>
        b.evaluate(() =>
          (window as unknown as { __notifications: Array<{ title: string }> }).__notifications.map(
            (n) => n.title,
          ),
        ),
      )
      .toEqual([`Nuovo messaggio da ${anna.name}`, `Nuovo messaggio da ${anna.name}`]);

    // An attachment with its preview, then sent.
    await a.getByTestId('chat-file-input').setInputFiles({
      name: 'misure.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await expect(a.getByTestId('chat-pending-file')).toContainText('misure.pdf');
    await a.getByTestId('chat-send').click();
    await expect(a.getByTestId('chat-pending-file')).toHaveCount(0);
    await expect(a.getByTestId('chat-file').last()).toContainText('misure.pdf');
    await expect(b.getByTestId('chat-badge')).toHaveText('3');

    // Bruno opens the chat: unread badge on Anna's row, the conversation, and the count back to zero.
    b.on('dialog', () => {
      throw new Error('a message opened a dialog: markup was interpreted');
    });
    await b.getByTestId('topbar-chat').click();
    await expect(
      b.locator(`[data-name="${anna.name}"]`).getByTestId('chat-contact-unread'),
    ).toHaveText('3');
    await b.locator(`[data-name="${anna.name}"]`).click();
    await expect(b.getByTestId('chat-text').nth(1)).toHaveText(
      'Prima riga\n<img src=x onerror=alert(1)>',
    );
    await expect(b.getByTestId('chat-file')).toContainText('misure.pdf');
    await expect(b.getByTestId('chat-day').first()).toHaveText('Oggi');
    await expect(b.getByTestId('chat-badge')).toHaveCount(0);

    // Anna sees her messages read; Bruno's answer arrives live.
    await expect(a.getByTestId('chat-read-state').last()).toHaveAttribute('title', 'Letto');
    await b.getByTestId('chat-input').fill('Arrivo subito');
    await b.getByTestId('chat-input').press('Enter');
    await expect(a.getByTestId('chat-text').last()).toHaveText('Arrivo subito');
    // Anna is on the chat page: no notification for her.
    expect(
      await a.evaluate(
        () => (window as unknown as { __notifications: unknown[] }).__notifications.length,
      ),
    ).toBe(0);

    // Anna deletes her first message: both sides show 'Messaggio eliminato'.
    await a
      .getByTestId('chat-message')
      .filter({ hasText: 'Ciao Bruno' })
      .getByTestId('chat-delete')
      .click();
    await a.getByTestId('chat-delete-dialog-confirm').click();
    await expect(a.getByTestId('chat-messages').getByText('Messaggio eliminato')).toBeVisible();
    await expect(b.getByTestId('chat-messages').getByText('Messaggio eliminato')).toBeVisible();
    await expect(b.getByText('Ciao Bruno, il blocco è pronto')).toHaveCount(0);

    await expectNoSeriousA11yViolations(b, testInfo, 'chat');
    await screenshot(b, 'chat-1366');
    expect(consoleA.errors).toEqual([]);
    expect(consoleB.errors).toEqual([]);
    await a.context().close();
    await b.context().close();
  });

  test('is usable at 360 px: list, then the conversation with a way back, no sideways scrolling', async ({
    browser,
    request,
  }) => {
    const admin = await apiLogin(request, DEMO.admin.email, PASSWORD);
    const carla = await createColleague(request, admin, 'Carla');
    const dario = await createColleague(request, admin, 'Dario');
    const page = await colleaguePage(browser, 360, 740);
    await loginAs(page, carla.email);
    await page.goto('/app/chat');
    await openConversation(page, dario.name);
    await expect(page.getByTestId('chat-search')).toBeHidden();
    await page.getByTestId('chat-input').fill('Messaggio dal telefono');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-text')).toHaveText('Messaggio dal telefono');
    await screenshot(page, 'chat-360');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Torna alle conversazioni' }).click();
    await expect(page.getByTestId('chat-search')).toBeVisible();
    await page.context().close();
  });

  test('a long conversation opens on its newest 50 messages and loads the older ones on scrolling up', async ({
    browser,
    request,
  }) => {
    const admin = await apiLogin(request, DEMO.admin.email, PASSWORD);
    const elena = await createColleague(request, admin, 'Elena');
    const fabio = await createColleague(request, admin, 'Fabio');
    const elenaApi = await colleagueHeaders(request, elena.email);
    const fabioId = (
      (await (await request.get('/api/chat/available-users', { headers: elenaApi })).json()) as {
        users: Array<{ _id: string; name: string }>;
      }
    ).users.find((u) => u.name === fabio.name)!._id;
    for (let i = 1; i <= 60; i++) {
      const res = await request.post('/api/chat/message', {
        headers: elenaApi,
        multipart: { receiverId: fabioId, content: `Messaggio numero ${i}` },
      });
      expect(res.status()).toBe(201);
    }

    const page = await colleaguePage(browser);
    await loginAs(page, fabio.email);
    await expect(page.getByTestId('chat-badge')).toHaveText('60');
    await page.goto('/app/chat');
    await openConversation(page, elena.name);
    const messages = page.getByTestId('chat-message');
    await expect(messages).toHaveCount(50);
    await expect(page.getByTestId('chat-text').last()).toHaveText('Messaggio numero 60');
    await expect(page.getByTestId('chat-badge')).toHaveCount(0);
    await page.getByTestId('chat-messages').evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(messages).toHaveCount(60);
    await expect(page.getByTestId('chat-text').first()).toHaveText('Messaggio numero 1');
    await expect(page.getByText('Inizio della conversazione')).toBeVisible();
    await page.context().close();
  });
});
