import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startS3rver } from '../../../test/s3.js';
import { ConfigError, loadConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import { putLimited } from './limited-put.js';
import { PART_BYTES, PARTS_IN_FLIGHT, s3Storage, type S3Storage } from './s3.js';
import { localStorage, type Storage } from './storage.js';

const s3 = await startS3rver();
const localRoot = mkdtempSync(path.join(os.tmpdir(), 'cusp-storage-'));
const s3Adapter = s3Storage(s3.config);
afterAll(async () => {
  s3Adapter.close();
  await s3.close();
  await rm(localRoot, { recursive: true, force: true });
});

const MB = 1024 * 1024;
/** Byte i of every test body: not all one value, so a shifted range or a lost part shows. */
function pattern(offset: number, length: number) {
  const chunk = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i += 1) {
    const n = offset + i;
    chunk[i] = (n * 31 + (n >>> 11)) & 255;
  }
  return chunk;
}
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A body made on demand, 64 KiB at a time; `produced` is how much has been handed out so far. */
function streamed(total: number, failAt?: { bytes: number; error: Error | 'destroy' }) {
  const state = { produced: 0 };
  const body = new Readable({
    read() {
      if (failAt && state.produced >= failAt.bytes) {
        if (failAt.error === 'destroy') this.destroy();
        else this.destroy(failAt.error);
        return;
      }
      if (state.produced >= total) return void this.push(null);
      const length = Math.min(64 * 1024, total - state.produced);
      this.push(pattern(state.produced, length));
      state.produced += length;
    },
  });
  return { body, state };
}

let n = 0;
const newKey = (ext = 'bin') => `cases/${Date.now().toString(36)}-${(n += 1)}.${ext}`;

/** Every object in the s3rver bucket, or every file under the local root (temporary names included). */
async function everything(name: string) {
  if (name === 's3') {
    const listed = await s3Adapter.client.send(new ListObjectsV2Command({ Bucket: s3Adapter.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  }
  const files = await readdir(localRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  return files.filter((f) => f.isFile()).map((f) => path.relative(localRoot, path.join(f.parentPath, f.name))).sort();
}

// The same behaviour from both adapters: what the files, media, orders and courses modules rely on.
describe.each<[string, Storage]>([
  ['local', localStorage(localRoot)],
  ['s3', s3Adapter],
])('%s storage', (name, storage) => {
  it('stores a streamed body and reads it back whole and by byte range, with its full size', async () => {
    const key = newKey('stl');
    const data = pattern(0, 10_000);
    expect(await storage.put(key, Readable.from([data.subarray(0, 4000), data.subarray(4000)]))).toEqual({ size: 10_000 });
    expect(await storage.size(key)).toBe(10_000);

    const whole = await storage.get(key);
    expect(whole?.size).toBe(10_000);
    expect(sha(await buffer(whole!.body))).toBe(sha(data));

    for (const [start, end] of [[0, 0], [100, 199], [9_990, 9_999], [0, 9_999]] as const) {
      const part = await storage.get(key, { start, end });
      expect(part?.size).toBe(10_000);
      expect(await buffer(part!.body)).toEqual(data.subarray(start, end + 1));
    }
  });

  it('stores an empty body', async () => {
    const key = newKey();
    expect(await storage.put(key, Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.size(key)).toBe(0);
    expect((await buffer((await storage.get(key))!.body)).length).toBe(0);
  });

  it('answers null for a missing key, deletes once and again without error', async () => {
    const key = newKey();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(key, { start: 0, end: 9 })).toBeNull();
    expect(await storage.size(key)).toBeNull();
    await storage.put(key, Readable.from([Buffer.from('to be removed')]));
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('keeps each key to itself: a second object does not change the first', async () => {
    const [a, b] = [newKey(), newKey()];
    await storage.put(a, Readable.from([Buffer.from('first')]));
    await storage.put(b, Readable.from([Buffer.from('second, longer')]));
    expect((await buffer((await storage.get(a))!.body)).toString()).toBe('first');
    expect(await storage.size(b)).toBe(14);
  });

  it('refuses keys the server would not make, and reads none', async () => {
    for (const bad of ['../etc/passwd', 'images/../cases/x.stl', 'images', '/images/a.png', 'images/a b.png']) {
      await expect(storage.put(bad, Readable.from([Buffer.from('x')]))).rejects.toThrow(/unsafe storage key/);
      expect(await storage.get(bad)).toBeNull();
      expect(await storage.size(bad)).toBeNull();
    }
  });

  it('streams a 20 MB upload without holding it whole, and reads it back exactly', { timeout: 60_000 }, async () => {
    const key = newKey('zip');
    const total = 20 * MB;
    const { body, state } = streamed(total);
    const sent: Array<{ command: string; produced: number }> = [];
    if (name === 's3') {
      const send = s3Adapter.client.send.bind(s3Adapter.client);
      vi.spyOn(s3Adapter.client, 'send').mockImplementation(((command: object, ...rest: unknown[]) => {
        sent.push({ command: command.constructor.name, produced: state.produced });
        return (send as (...args: unknown[]) => unknown)(command, ...rest);
      }) as typeof s3Adapter.client.send);
    }
    try {
      expect(await storage.put(key, body)).toEqual({ size: total });
    } finally {
      vi.restoreAllMocks();
    }
    expect(await storage.size(key)).toBe(total);
    const whole = createHash('sha256');
    for await (const chunk of (await storage.get(key))!.body) whole.update(chunk as Buffer);
    expect(whole.digest('hex')).toBe(sha(pattern(0, total)));
    // Across the first part boundary of a multipart upload.
    const across = await storage.get(key, { start: PART_BYTES - 5, end: PART_BYTES + 4 });
    expect(await buffer(across!.body)).toEqual(pattern(PART_BYTES - 5, 10));

    if (name === 's3') {
      const commands = sent.map((s) => s.command);
      expect(commands[0]).toBe('CreateMultipartUploadCommand');
      expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(Math.ceil(total / PART_BYTES));
      expect(commands).toContain('CompleteMultipartUploadCommand');
      expect(commands).not.toContain('PutObjectCommand');
      // The first part left before the body had been read whole: at most the parts in flight
      // and the one being filled are held (plus stream buffers), whatever the body's size.
      const firstPart = sent.find((s) => s.command === 'UploadPartCommand')!;
      expect(firstPart.produced).toBeLessThan((PARTS_IN_FLIGHT + 1) * PART_BYTES + MB);
      expect(firstPart.produced).toBeLessThan(total);
    }
  });

  it.each([
    ['errors', 12 * MB, new Error('client went away')],
    ['errors early (before one part is full)', 1 * MB, new Error('client went away')],
    ['is destroyed', 12 * MB, 'destroy' as const],
  ])('leaves nothing behind when the body %s half way', { timeout: 60_000 }, async (_what, at, error) => {
    const before = await everything(name);
    const key = newKey();
    const { body } = streamed(20 * MB, { bytes: at, error });
    const sent: string[] = [];
    if (name === 's3') {
      const send = s3Adapter.client.send.bind(s3Adapter.client);
      vi.spyOn(s3Adapter.client, 'send').mockImplementation(((command: object, ...rest: unknown[]) => {
        sent.push(command.constructor.name);
        return (send as (...args: unknown[]) => unknown)(command, ...rest);
      }) as typeof s3Adapter.client.send);
    }
    try {
      const failed = storage.put(key, body);
      if (error === 'destroy') await expect(failed).rejects.toThrow();
      else await expect(failed).rejects.toBe(error);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await storage.size(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    expect(await everything(name)).toEqual(before);
    if (name === 's3') {
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
      expect(sent).not.toContain('PutObjectCommand');
      // Parts already sent are given up (s3rver refuses the abort, a real store does not).
      if (at > PART_BYTES) expect(sent).toContain('AbortMultipartUploadCommand');
    }
    // The adapter is still fine afterwards.
    const next = newKey();
    expect(await storage.put(next, Readable.from([Buffer.from('next')]))).toEqual({ size: 4 });
  });

  it('through putLimited: a body over the limit is refused (413) and nothing is kept', async () => {
    const before = await everything(name);
    const key = newKey();
    const source = Readable.from([pattern(0, 3000), pattern(3000, 3000)]);
    const refused = await putLimited(storage, key, source, 4000, 'FILE_TOO_LARGE', 'file').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await storage.size(key)).toBeNull();
    expect(await everything(name)).toEqual(before);
    expect(await putLimited(storage, key, Readable.from([pattern(0, 4000)]), 4000, 'FILE_TOO_LARGE', 'file')).toEqual({ size: 4000 });
  });
});

describe('s3Storage', () => {
  it('checks its bucket: a missing one stops the start with a message naming S3_BUCKET', async () => {
    await expect(s3Adapter.checkBucket()).resolves.toBeUndefined();
    const wrong: S3Storage = s3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(wrong.checkBucket()).rejects.toThrow(/^S3_BUCKET: cannot use bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+/);
    wrong.close();
  });
});

describe('STORAGE configuration', () => {
  const s3Env = { STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_BUCKET: 'cusp-uploads', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps uploads in DATA_DIR by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('reads the S3 settings, with a default region and path-style addresses', () => {
    expect(loadConfig(s3Env).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'cusp-uploads',
      region: 'us-east-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3Env, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ region: 'eu-central-1', forcePathStyle: false });
  });

  it('names every S3 variable that is missing when STORAGE=s3', () => {
    const error = (() => {
      try {
        loadConfig({ STORAGE: 's3', S3_BUCKET: 'cusp-uploads' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'S3_ENDPOINT: must be set when STORAGE is s3',
      'S3_ACCESS_KEY_ID: must be set when STORAGE is s3',
      'S3_SECRET_ACCESS_KEY: must be set when STORAGE is s3',
    ]);
  });

  it('refuses wrong values, naming the variable', () => {
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE: must be local or s3/);
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: must be a URL/);
    expect(() => loadConfig({ ...s3Env, S3_BUCKET: 'Cusp_Uploads' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...s3Env, S3_REGION: 'EU Central' })).toThrow(/S3_REGION: must be a region name/);
    expect(() => loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
  });
});
