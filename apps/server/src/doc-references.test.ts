import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Code, tests and configuration cite docs/product.md by section and docs/decisions/ by number (docs/product.md
 * §1.1), never the outside texts this repository does not hold (§17). Decision records keep such citations as
 * history, and product.md §17 lists where each now lives.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|yml|yaml)$/.test(file) && !file.endsWith('package-lock.json') && !file.startsWith('bench/results/'));
const read = (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return ''; // tracked but deleted in the working tree
  }
};
const product = read('docs/product.md');

// Spelled in pieces so that this file does not cite them itself.
const OUTSIDE = ['SPEC', 'DECISIONS', 'ARCHITECTURE'].map((name) => `${name}.md`).concat(['shared' + '/spec']);
const HISTORY = (file: string) => file.startsWith('docs/decisions/') || file === 'docs/product.md';

describe('references to the documentation', () => {
  it('cite no outside text outside the decision records and product.md §17', () => {
    const found = tracked.filter((file) => !HISTORY(file)).flatMap((file) => OUTSIDE.filter((name) => read(file).includes(name)).map((name) => `${file}: ${name}`));
    expect(found).toEqual([]);
  });

  it('product.md names each section and anchor once', () => {
    const numbers = [...product.matchAll(/^#{2,3} (\d+(?:\.\d+[a-z]?)?)[ .]/gm)].map((m) => m[1]!);
    const anchors = [...product.matchAll(/<a id="(s[\d.a-z]+)"><\/a>/g)].map((m) => m[1]!);
    expect(numbers.length).toBeGreaterThan(100);
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
    expect(anchors.filter((a, i) => anchors.indexOf(a) !== i)).toEqual([]);
  });

  it('cite only sections of product.md that exist', () => {
    const numbers = new Set([...product.matchAll(/^#{2,3} (\d+(?:\.\d+[a-z]?)?)[ .]/gm)].map((m) => m[1]!));
    const missing: string[] = [];
    for (const file of tracked) {
      for (const m of read(file).matchAll(/product\.md,? §(\d+(?:\.\d+[a-z]?)?)((?:(?:, | and | or )§?\d+(?:\.\d+[a-z]?)?)*)/g)) {
        const cited = [m[1]!, ...[...m[2]!.matchAll(/\d+(?:\.\d+[a-z]?)?/g)].map((n) => n[0])];
        for (const n of cited) if (!numbers.has(n)) missing.push(`${file}: §${n}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cite no issue by its number: a reader of the repository cannot open it (say the reason, or cite product.md or a decision)', () => {
    // The word, singular or plural, then a number, with a space, "#", ":" or "-" between; zod's `issues[0]` is not one.
    const ISSUE = /\bissues?[\s:#-]+\d/i;
    const text = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !file.endsWith('package-lock.json') && !/\.(mp4|png|jpe?g|webp|gif|ico|woff2?|stl|ply|obj|zip|pdf)$/i.test(file));
    const found = text.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (ISSUE.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(text.length).toBeGreaterThan(tracked.length);
    expect(found).toEqual([]);
  });

  it('name only source files that exist (in code and tests)', () => {
    const missing: string[] = [];
    for (const file of tracked.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))) {
      for (const m of read(file).matchAll(/\b((?:apps|packages|e2e)\/[\w/.@-]+\.(?:tsx?|mjs))\b/g)) {
        if (!read(m[1]!) && !tracked.includes(m[1]!)) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
