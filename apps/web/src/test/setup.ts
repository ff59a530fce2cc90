import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, vi } from 'vitest';
import { installDigitInputs } from '@/lib/digit-inputs';
import { initI18n, loadPageStrings, setLanguage } from '@/lib/i18n';
import { mockApi, takeUnexpectedRequests } from './fetch-mock';
import { fixedMediaQueryList } from './media-query';

// --- What jsdom lacks and Mantine needs ------------------------------------------------------------
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => fixedMediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!('fonts' in document)) {
  // Mantine's autosize Textarea listens for web fonts loading
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

// A file's first render includes Vite transforming its lazy page's modules: 8-11 s were measured on a 2-core
// machine running two suites at once. findBy* still ends as soon as the element appears; the bound only stops
// a real hang, so it sits well above that and below the test's own limit (vitest.config.ts).
configure({ asyncUtilTimeout: 25_000 });

// Components render on their own here, outside the pages that would load their texts (app/lazy-page.ts).
// As in the app (start.tsx): digits typed on an Arabic keyboard become ASCII in every field of digits.
installDigitInputs();
await initI18n('en');
await loadPageStrings();

// --- Fail on any unexpected console.error (epic-stack habit) ------------------------------------
let consoleErrors: unknown[][] = [];

/** For a test that expects console.error: returns the calls and stops them failing the test. */
export function allowConsoleErrors(): unknown[][] {
  const calls = consoleErrors;
  consoleErrors = [];
  return calls;
}

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  mockApi(); // every test starts with a visitor, USD and no services; tests override
});

afterEach(async () => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  await setLanguage('en', { persist: false });

  const unexpected = takeUnexpectedRequests();
  const errors = consoleErrors;
  consoleErrors = [];
  if (unexpected.length > 0) throw new Error(`Unexpected API requests: ${unexpected.join(', ')}`);
  if (errors.length > 0) {
    const text = errors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${text}`);
  }
});
