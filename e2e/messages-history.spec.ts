import { expect, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { expectAccessible, newPerson } from './helpers';

/** Where a message's text sits on screen (its top edge). */
async function topOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

/**
 * Waits until the chat has done with a page it loaded: the log is a live region again (ChatPanel silences it from the
 * request until a while after the answer, so the screen reader is not read fifty old messages), by which time every
 * render the new page caused, the one that keeps the reader's place included, is on screen.
 */
async function expectSettled(log: Locator) {
  await expect(log).toHaveAttribute('aria-live', 'polite');
}

test('a long chat opens on its latest messages and reads back page by page, the reader staying in place', async ({ page }) => {
  test.setTimeout(90_000);
  // A new buyer writes 120 messages to a demo designer nobody else's test talks to.
  const person = newPerson();
  expect((await page.request.post('/api/auth/register', { data: { ...person, confirmPassword: person.password } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email: person.email, password: person.password } })).status()).toBe(200);
  const designers = await (await page.request.get('/api/users?search=nadia_dentures')).json();
  const nadia = (Array.isArray(designers) ? designers : designers.items).find((u: { username: string }) => u.username === 'nadia_dentures');
  expect(nadia).toBeDefined();
  const conversation = await (await page.request.post('/api/conversations', { data: { to: nadia._id } })).json();
  for (let i = 1; i <= 120; i += 1) {
    const sent = await page.request.post('/api/messages', {
      data: { conversationID: conversation._id, description: `Old message ${i}`, clientId: `history-${person.username}-${i}` },
    });
    expect(sent.status()).toBe(201);
  }

  await page.goto(`/message/${conversation._id}`);
  const log = page.getByRole('log');
  const text = (i: number) => log.getByText(`Old message ${i}`, { exact: true });
  // The latest page, scrolled to the newest message.
  await expect(text(120)).toBeInViewport();
  await expect(text(71)).toBeAttached();
  await expect(text(70)).toHaveCount(0);
  await expect(log.getByRole('button', { name: 'Load earlier messages' })).toBeAttached();
  await expectAccessible(page);

  // Scrolling to the top loads the page before by itself; the message that was at the top stays put.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked = page.waitForRequest((request) => new URL(request.url()).searchParams.has('before'));
  await page.route(/\/api\/messages\/[^/?]+\?.*before=/, async (route) => {
    await held;
    await route.continue();
  });
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  expect(new URL((await asked).url()).searchParams.get('limit')).toBe('50');
  await expect(text(71)).toBeInViewport();
  const top71 = await topOf(text(71));
  release();
  await expect(text(21)).toBeAttached();
  await expectSettled(log);
  expect(Math.abs((await topOf(text(71))) - top71)).toBeLessThan(4);
  await expect(text(71)).toBeInViewport();
  await expect(text(20)).toHaveCount(0);

  // The button, from the keyboard, without scrolling to it: the last (short) page, then the beginning.
  const at50 = await topOf(text(50));
  await log.getByRole('button', { name: 'Load earlier messages' }).evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect(log.getByText('Beginning of the conversation')).toBeAttached();
  await expect(text(1)).toBeAttached();
  await expectSettled(log);
  expect(Math.abs((await topOf(text(50))) - at50)).toBeLessThan(4);
  await expect(log.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  await expect(log).toBeFocused();
  // Every message once, in order.
  const shown = await log.getByText(/^Old message \d+$/).allTextContents();
  expect(shown).toEqual(Array.from({ length: 120 }, (_, i) => `Old message ${i + 1}`));

  // A message sent now still goes to the bottom, after all of them.
  await page.getByRole('textbox', { name: 'Message' }).fill('Newest one');
  await page.keyboard.press('Enter');
  await expect(log.getByText('Newest one')).toBeInViewport();
  expect((await log.getByText(/^(Old message \d+|Newest one)$/).allTextContents()).at(-1)).toBe('Newest one');
});
