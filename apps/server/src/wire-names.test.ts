import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API keeps the names its first clients were built on (`_id`, `conversationID`, `sellerID`, `payment_intent`,
 * `secure_url`: docs/product.md §15.1); the code inside uses the domain's (`id`, `conversationId`, `seller`). They
 * meet at the edge only (docs/decisions/0057): the shared schemas turn a request into domain names, presenters
 * (`to…Json`) and the socket handlers write the wire's. So reading a wire name off an object is a mistake anywhere
 * else, in the server and in the web app, whose `lib/wire.ts` turns answers into domain names as they arrive.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WIRE_READ = /\.(_id|conversationID|userID|sellerID|buyerID|payment_intent|provider_payment_id|secure_url|original_filename)\b/;

/** Where the wire is the subject: tests and fixtures speak it, seeds call the services as a client does, sockets and the web's API layer translate. */
const EDGE = [
  /\.test\.tsx?$/,
  /(^|\/)test(-utils|-support|-data)?(\.tsx?|\/)/,
  /^apps\/server\/src\/seed\//,
  /\.socket\.ts$/,
  /^apps\/web\/src\/lib\/wire\.ts$/,
  /^apps\/web\/src\/features\/[\w-]+\/api\//,
];

const sources = (dir: string) =>
  execFileSync('git', ['ls-files', dir], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !EDGE.some((edge) => edge.test(file)));

function wireReads(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (WIRE_READ.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//') ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('wire names stay at the edge', () => {
  it('the server reads domain names only', () => {
    const files = sources('apps/server/src');
    expect(files.length).toBeGreaterThan(100);
    expect(wireReads(files)).toEqual([]);
  });

  it('the web app reads domain names only, outside its API layer', () => {
    const files = sources('apps/web/src');
    expect(files.length).toBeGreaterThan(100);
    expect(wireReads(files)).toEqual([]);
  });

  it('the check sees a wire name read where it should not be', () => {
    expect(WIRE_READ.test('const id = order._id;')).toBe(true);
    expect(WIRE_READ.test('if (input.conversationID) send();')).toBe(true);
    expect(WIRE_READ.test('const id = order.id;')).toBe(false);
  });
});
