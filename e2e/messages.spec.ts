import { expect, newLivePage, test } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { DEMO_BUYER, expectAccessible } from './helpers';

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1', username: 'demo_designer' };

interface ConversationJson {
  _id: string;
  sellerID: { _id: string; username: string };
  buyerID: { _id: string; username: string };
}

/** A logged-in page in its own browser context (its own cookies, its own socket). */
async function loggedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await newLivePage(browser, { baseURL });
  const login = await page.request.post('/api/auth/login', { data: { email: who.email, password: who.password }, headers: { origin: baseURL } });
  expect(login.ok()).toBe(true);
  return page;
}

/**
 * Opens `path` and waits for the real-time channel to be up: connected, so the server has put the socket in its
 * user's rooms and events for that user reach this page (the app marks `<html data-socket="ready">`).
 */
async function gotoLive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-socket', 'ready');
}

test('buyer and designer chat live: messages, typing indicator and the unread badge', async ({ browser, baseURL }) => {
  test.setTimeout(120_000); // two people, two live sockets: 16 s when quiet, over 30 s once in CI (a bound, not a wait)
  const buyer = await loggedInPage(browser, baseURL!, DEMO_BUYER);
  const designer = await loggedInPage(browser, baseURL!, DEMO_DESIGNER);

  // The demo conversation between the two (the buyer could also start it with POST /api/conversations).
  const list = (await (await buyer.request.get('/api/conversations')).json()) as ConversationJson[];
  const demo = list.find((c) => c.sellerID.username === DEMO_DESIGNER.username);
  expect(demo).toBeDefined();
  const opened = await buyer.request.post('/api/conversations', { data: { to: demo!.sellerID._id }, headers: { origin: baseURL! } });
  expect(opened.status()).toBe(200);
  const conversationId = demo!._id;

  // Other specs leave order notices in the demo accounts' conversations: the designer reads them all first.
  for (const c of (await (await designer.request.get('/api/conversations')).json()) as ConversationJson[]) {
    expect((await designer.request.patch(`/api/conversations/${c._id}`, { headers: { origin: baseURL! } })).status()).toBe(204);
  }
  // The designer waits on another page: no unread conversation yet.
  await gotoLive(designer, '/files');
  const designerBadge = designer.getByRole('img', { name: /unread conversation/ });
  await expect(designerBadge).toHaveCount(0);

  await gotoLive(buyer, `/message/${conversationId}`);
  const buyerLog = buyer.getByRole('log');
  await expect(buyerLog.getByText('Received, thanks. I will send the design for review tomorrow morning.')).toBeVisible();

  const first = `Scans uploaded, shade A2 (${Date.now().toString(36)})`;
  await buyer.getByRole('textbox', { name: 'Message' }).fill(first);
  await buyer.keyboard.press('Enter');
  await expect(buyerLog.getByText(first)).toBeVisible();
  await expect(buyerLog.getByText('Sending…')).toHaveCount(0);

  // Live on the designer's other page.
  await expect(designer.getByRole('img', { name: '1 unread conversation' })).toBeVisible();

  // The designer opens the chat: the buyer's message is there and the conversation becomes read.
  await designer.goto(`/message/${conversationId}`);
  const designerLog = designer.getByRole('log');
  await expect(designerLog.getByText(first)).toBeVisible();
  await expect(designerBadge).toHaveCount(0);

  // Typing indicator on the buyer's side.
  await designer.getByRole('textbox', { name: 'Message' }).pressSequentially('The design is ready', { delay: 20 });
  await expect(buyer.getByText('demo_designer is typing…')).toBeVisible();

  await designer.keyboard.press('Enter');
  await expect(buyerLog.getByText('The design is ready')).toBeVisible();
  await expect(designerLog.getByText('The design is ready')).toHaveCount(1);
  await expect(buyer.getByText('demo_designer is typing…')).toHaveCount(0);

  // And back: Shift+Enter makes a new line, Enter sends.
  await buyer.getByRole('textbox', { name: 'Message' }).fill('Looks great.');
  await buyer.keyboard.press('Shift+Enter');
  await buyer.keyboard.type('Approved!');
  await buyer.keyboard.press('Enter');
  await expect(designerLog.getByText(/Looks great\.\s+Approved!/)).toBeVisible();
  await expect(buyerLog.getByText(/Looks great\.\s+Approved!/)).toHaveCount(1);

  await buyer.context().close();
  await designer.context().close();
});

test('the messages page is accessible and a visitor is sent to /login', async ({ page, baseURL }) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmessages/);

  const login = await page.request.post('/api/auth/login', { data: { email: DEMO_BUYER.email, password: DEMO_BUYER.password }, headers: { origin: baseURL! } });
  expect(login.ok()).toBe(true);
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/message\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('log')).toBeVisible();
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('lina');
  await expect(page.getByTestId('conversation-item')).toHaveCount(1);
  await page.getByTestId('conversation-item').click();
  await expect(page.getByRole('heading', { level: 2, name: 'lina_haddad' })).toBeVisible();
});
