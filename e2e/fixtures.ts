import { test as base, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Pages now arrive rendered (the home page, /gigs, a service, a course, /messages: decisions 0017 and
 * 0018), so their buttons are on screen before the app has taken them over; a click then does nothing.
 * Every `page.goto` of these tests therefore returns once the app is live (`#root` has lost
 * `data-prerendered`), as a reader's tap would land once the phone has run the scripts.
 */
export function waitForAppOnGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
    return response;
  };
  return page;
}

/** A page in a new browser context (another person), whose `goto` waits for the app too. */
export async function newLivePage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  return waitForAppOnGoto(await context.newPage());
}

export const test = base.extend<{ waitForApp: boolean }>({
  /** Off for tests of the HTML itself, before (or without) any script. */
  waitForApp: [true, { option: true }],
  page: async ({ page, waitForApp }, use) => {
    await use(waitForApp ? waitForAppOnGoto(page) : page);
  },
});
