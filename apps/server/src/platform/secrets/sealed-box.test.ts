import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFromFile, parseKey, seal, unseal } from './sealed-box.js';

describe('sealed box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens only with the same key, for the same owner, unaltered', () => {
    const sealed = seal(key, 'SA0380000000608010167519', 'user-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('SA03');
    expect(unseal(key, sealed, 'user-1')).toBe('SA0380000000608010167519');
    expect(seal(key, 'same', 'user-1')).not.toBe(seal(key, 'same', 'user-1')); // a fresh nonce each time
    expect(unseal(randomBytes(32), sealed, 'user-1')).toBeNull();
    expect(unseal(key, sealed, 'user-2')).toBeNull();
    const [v, nonce, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(unseal(key, [v, nonce, tag, flipped.toString('base64url')].join('.'), 'user-1')).toBeNull();
    expect(unseal(key, 'not sealed', 'user-1')).toBeNull();
  });

  it('takes a 256-bit key as hex or base64, and nothing shorter', () => {
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    expect(parseKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(parseKey('correct horse battery staple')).toBeNull();
  });

  describe('the key kept under DATA_DIR', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cusp-keys-'));
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('is made once, readable by its owner only, and the same on the next start', async () => {
      const [a, b] = await Promise.all([keyFromFile(dir, 'payout-details'), keyFromFile(dir, 'payout-details')]);
      expect(a.key).toEqual(b.key);
      expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
      const file = path.join(dir, 'secrets', 'payout-details.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(parseKey(await readFile(file, 'utf8'))).toEqual(a.key);
      expect(await keyFromFile(dir, 'payout-details')).toEqual({ key: a.key, created: false });
    });

    it('many processes starting at once: one makes it, every other reads it whole (never a half-written file)', async () => {
      for (let round = 0; round < 10; round++) {
        const fresh = path.join(dir, `round-${round}`);
        const all = await Promise.all(Array.from({ length: 16 }, () => keyFromFile(fresh, 'payout-details')));
        expect(all.filter((k) => k.created)).toHaveLength(1);
        for (const k of all) expect(k.key).toEqual(all[0]!.key);
        expect(await readdir(path.join(fresh, 'secrets'))).toEqual(['payout-details.key']); // no temporary file left
      }
    });
  });
});
