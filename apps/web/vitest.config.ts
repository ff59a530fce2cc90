import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // whole-app renders in jsdom are slow on a busy machine; no retries, so allow time instead (a bound, not a
      // wait: docs/decisions/0040)
      testTimeout: 90_000,
      // The web files share nothing (each renders its own app with a mocked API), so they run two at a time:
      // on CI's two cores that takes the web project from ~300 s to ~190 s. The server projects run after
      // them, one file at a time as before (vitest.config.ts).
      maxWorkers: 2,
      sequence: { groupOrder: 0 },
    },
  }),
);
