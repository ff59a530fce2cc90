import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file builds its own app and database; argon2 hashing makes a few tests take a second.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
