import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Small secrets stored in the database encrypted at rest (docs/decisions/0043): AES-256-GCM from node:crypto, a
 * fresh 96-bit nonce per value, and the row's owner as additional data, so a sealed value copied to another row
 * does not open there. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */

const VERSION = 'v1';

/** A 256-bit key written as 64 hex digits or as base64 (44 characters); null when it is not one. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  return key?.length === 32 ? key : null;
}

export function seal(key: Buffer, plaintext: string, owner: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or null when the value was sealed with another key, for another owner, or altered. */
export function unseal(key: Buffer, sealed: string, owner: string): string | null {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The configured key, or else the one kept in `DATA_DIR/secrets/<name>.key`, made on first use (mode 0600; `wx`,
 * so two processes starting together keep the same one). Lets `npm start` work on a fresh machine; several
 * instances must share the configured key instead (docs/operations.md).
 */
export async function keyFromFile(dataDir: string, name: string): Promise<{ key: Buffer; created: boolean }> {
  const file = path.join(dataDir, 'secrets', `${name}.key`);
  const read = async () => {
    const key = parseKey(await readFile(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 256-bit key (64 hex digits)`);
    return key;
  };
  try {
    return { key: await read(), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked into place: the link appears complete or fails with EEXIST,
  // so a process that loses the race never reads a key file still being written (it did: an empty read, once in CI).
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
    return { key: await read(), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: await read(), created: false };
  } finally {
    await rm(temp, { force: true });
  }
}
