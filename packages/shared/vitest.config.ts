import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'shared', environment: 'node', include: ['src/**/*.test.ts'], maxWorkers: 2, sequence: { groupOrder: 1 } } });
