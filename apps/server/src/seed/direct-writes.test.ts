import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The demo data goes through the modules' services (README "Layout"); the few direct writes, each with why, live
 * in seed/direct-writes.ts. A table written anywhere else in the seed fails here.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

it('writes tables directly only in direct-writes.ts', () => {
  const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'direct-writes.ts');
  expect(files).toContain('demo-catalogue.ts');
  const writes = files.flatMap((file) =>
    readFileSync(path.join(here, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\.(insert|update|delete)\(\s*[a-zA-Z]/.test(line) || /\bsql`\s*(insert|update|delete)\b/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(writes).toEqual([]);
});

it('says why for every direct write', () => {
  const source = readFileSync(path.join(here, 'direct-writes.ts'), 'utf8');
  const helpers = [...source.matchAll(/\*\/\nexport async function (\w+)/g)].map((m) => m[1]);
  const exported = [...source.matchAll(/^export async function (\w+)/gm)].map((m) => m[1]);
  expect(helpers).toEqual(exported); // each one right after its comment
  expect(exported.length).toBeGreaterThan(0);
});
