import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Files share one module registry per worker: importing the app once, not once per file, halves the
    // run. Each file still builds its own app, context and database, so no state is shared.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file builds its own app and database; argon2 hashing makes a few tests take a second.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
