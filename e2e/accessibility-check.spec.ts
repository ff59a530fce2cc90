import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './helpers';

// The scan every spec relies on finds what it should: a check that cannot fail would pass every page.
test('the accessibility scan reports an image without text, an unnamed button and low contrast, and passes a clean page', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Bad</title></head><body><main>
    <h1>Bad page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button></button><p style="color:#bbb;background:#fff">Pale text</p></main></body></html>`);
  const found = (await accessibilityViolations(page)).map((line) => line.split(':')[0]);
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']));

  await page.setContent(`<!doctype html><html lang="en"><head><title>Good</title></head><body><main>
    <h1>Good page</h1><img alt="A crown" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button>Send</button></main></body></html>`);
  expect(await accessibilityViolations(page)).toEqual([]);
});
