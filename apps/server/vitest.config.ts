import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Files share one module registry per worker: importing the app once, not once per file, halves the
    // run. Each file still builds its own app, context and database, so no state is shared.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file builds its own app and database; argon2 hashing makes a few tests take a second. The limits are
    // bounds for a machine busy with other work (a loaded run takes six times as long), not waits: tests wait on
    // events (docs/decisions/0040).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
