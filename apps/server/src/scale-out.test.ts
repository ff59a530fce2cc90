import { existsSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files } from './db/schema/index.js';
import { scheduledJobs } from './jobs.js';
import { startJobs, type Job } from './platform/jobs/scheduler.js';
import { s3Storage } from './platform/storage/s3.js';
import { buildTestApp, newUserInput, signUpAndLogin, type TestApp } from '../test/helper.js';
import { multipart, PNG } from '../test/multipart.js';
import { startS3rver } from '../test/s3.js';
import { LOCK_KEYS } from './platform/jobs/lock-keys.js';

// The scale-out issue: two instances on one PostgreSQL database, one Redis and one S3 bucket
// (s3rver, in this process). CI has PostgreSQL and Redis (see .ci/run); sessions, chat and the
// login limit across instances are in modules/messaging/two-instances.test.ts.
const redisUrl = process.env.TEST_REDIS_URL;
const shared = !!process.env.TEST_DATABASE_URL && !!redisUrl;

/** A binary STL of `triangles` triangles (84 + 50 bytes each), its bytes not all alike. */
function bigStl(triangles: number) {
  const data = Buffer.alloc(84 + 50 * triangles);
  data.write('binary scan', 0, 'latin1');
  data.writeUInt32LE(triangles, 80);
  // Finite coordinates in millimetres (the upload checks that triangles parse as numbers), different per triangle.
  for (let t = 0; t < triangles; t += 1) {
    for (let k = 0; k < 12; k += 1) data.writeFloatLE(((t * 13 + k * 7) % 997) / 20, 84 + t * 50 + k * 4);
  }
  return data;
}

describe.runIf(shared)('two instances sharing PostgreSQL, Redis and an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let one: TestApp;
  let two: TestApp;
  let bucket: ReturnType<typeof s3Storage>;
  beforeAll(async () => {
    s3 = await startS3rver();
    one = await buildTestApp({ REDIS_URL: redisUrl!, ...s3.env });
    two = await buildTestApp({ REDIS_URL: redisUrl!, ...s3.env }, { databaseUrl: one.databaseUrl });
    bucket = s3Storage(s3.config);
  });
  afterAll(async () => {
    bucket?.close();
    await two?.close();
    await one?.close();
    await s3?.close();
  });

  async function uploadCase(app: TestApp, cookie: string, name: string, data: Buffer) {
    const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data }]);
    const res = await app.app.inject({ method: 'POST', url: '/api/file/upload', payload: body.payload, headers: { ...body.headers, cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().link.split('/').pop() as string;
    const [row] = await app.ctx.db.select().from(files).where(eq(files.token, token));
    return { token, row: row! };
  }

  it('a case file uploaded through one downloads byte for byte through the other, whole and by range', { timeout: 60_000 }, async () => {
    const owner = await signUpAndLogin(one.app);
    // Over one part (5 MiB): the upload goes to the bucket as a multipart upload.
    const data = bigStl(120_000);
    const { token, row } = await uploadCase(one, owner.cookie, 'upper-arch.stl', data);
    expect(row.size).toBe(data.length);
    // In the bucket, not in the uploading instance's own folder.
    expect(await bucket.size(row.storageKey)).toBe(data.length);
    expect(existsSync(path.join(one.ctx.config.dataDir, 'uploads'))).toBe(false);

    const whole = await two.app.inject({ method: 'GET', url: `/api/files/${token}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(data.length));
    expect(whole.headers['content-disposition']).toContain('upper-arch.stl');
    expect(whole.rawPayload.equals(data)).toBe(true);

    const start = 5 * 1024 * 1024 - 100;
    const ranged = await two.app.inject({ method: 'GET', url: `/api/files/${token}`, headers: { range: `bytes=${start}-${start + 999}` } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${start}-${start + 999}/${data.length}`);
    expect(ranged.rawPayload.equals(data.subarray(start, start + 1000))).toBe(true);
    const tail = await two.app.inject({ method: 'GET', url: `/api/files/${token}`, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);
    const past = await two.app.inject({ method: 'GET', url: `/api/files/${token}`, headers: { range: `bytes=${data.length}-` } });
    expect(past.statusCode).toBe(416);

    // Someone else cannot delete it through either instance; the owner deletes it through the other one.
    const stranger = await signUpAndLogin(two.app);
    const refused = await two.app.inject({ method: 'DELETE', url: '/api/file/delete', headers: { cookie: stranger.cookie }, payload: { link: token } });
    expect(refused.statusCode).toBe(403);
    expect(await bucket.size(row.storageKey)).toBe(data.length);
    const deleted = await two.app.inject({ method: 'DELETE', url: '/api/file/delete', headers: { cookie: owner.cookie }, payload: { link: token } });
    expect(deleted.statusCode).toBe(204);
    expect(await bucket.size(row.storageKey)).toBeNull();
    expect((await one.app.inject({ method: 'GET', url: `/api/files/${token}` })).statusCode).toBe(404);
  });

  it('a refused upload through one leaves nothing in the shared bucket', async () => {
    const owner = await signUpAndLogin(one.app);
    const keys = async () => ((await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }))).Contents ?? []).map((o) => o.Key).sort();
    const before = await keys();
    const body = multipart({}, [{ field: 'file', name: 'tool.stl', type: 'model/stl', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]) }]);
    const res = await one.app.inject({ method: 'POST', url: '/api/file/upload', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
    expect(res.statusCode).toBe(415);
    // A binary STL cut short of its triangle count is refused after it was stored (FILE_CUT_SHORT): removed again.
    const short = multipart({}, [{ field: 'file', name: 'short.stl', type: 'model/stl', data: bigStl(30).subarray(0, 1000) }]);
    const puts = vi.spyOn(one.ctx.storage, 'put');
    const res2 = await one.app.inject({ method: 'POST', url: '/api/file/upload', payload: short.payload, headers: { ...short.headers, cookie: owner.cookie } });
    const stored = puts.mock.calls.length;
    vi.restoreAllMocks();
    expect(res2.statusCode).toBe(422);
    expect(res2.json().code).toBe('FILE_CUT_SHORT');
    expect(stored).toBe(1);
    expect(await keys()).toEqual(before);
  });

  it('a profile picture uploaded through one is served by /media on the other', async () => {
    const input = newUserInput();
    const form = multipart(input, [{ field: 'picture', name: 'me.png', type: 'image/png', data: PNG }]);
    const registered = await one.app.inject({ method: 'POST', url: '/api/auth/register', payload: form.payload, headers: form.headers, remoteAddress: '10.250.0.1' });
    expect(registered.statusCode, registered.body).toBe(201);
    const image: string = registered.json().user.image;
    expect(image).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);

    const fromOne = await one.app.inject({ method: 'GET', url: image });
    const fromTwo = await two.app.inject({ method: 'GET', url: image });
    expect(fromTwo.statusCode).toBe(200);
    expect(fromTwo.headers['content-type']).toBe('image/png');
    expect(fromTwo.headers['cache-control']).toContain('max-age=31536000');
    expect(fromTwo.rawPayload.equals(fromOne.rawPayload)).toBe(true);
    expect(fromTwo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The profile, read through the other instance, points at the same picture.
    const profile = await two.app.inject({ method: 'GET', url: `/api/users/profile/${registered.json().user._id}` });
    expect(profile.json().image).toBe(image);
    // /media serves only public folders, whichever instance is asked.
    const owner = await signUpAndLogin(one.app);
    const { row } = await uploadCase(one, owner.cookie, 'private.stl', bigStl(10));
    expect((await two.app.inject({ method: 'GET', url: `/media/${row.storageKey}` })).statusCode).toBe(404);
  });

  /** An expired case file, uploaded through `t`. */
  async function expiredFile(t: TestApp) {
    const owner = await signUpAndLogin(t.app);
    const { token, row } = await uploadCase(t, owner.cookie, 'old.stl', bigStl(20));
    await t.ctx.db.update(files).set({ expiryDate: new Date(Date.now() - 60_000) }).where(eq(files.id, row.id));
    expect(await bucket.size(row.storageKey)).toBe(row.size);
    return { token, key: row.storageKey };
  }

  const jobOf = (t: TestApp): Job => scheduledJobs(t.ctx).find((job) => job.name === 'expire-files')!;
  const outcomes = async (t: TestApp) =>
    Object.fromEntries((await t.ctx.metrics.jobRuns.get()).values.filter((v) => v.labels.job === 'expire-files').map((v) => [v.labels.outcome, v.value]));

  it('the expiry job runs on one instance only when both schedulers start it at once', async () => {
    const { token, key } = await expiredFile(one);
    const deletes = [vi.spyOn(one.ctx.storage, 'delete'), vi.spyOn(two.ctx.storage, 'delete')];
    const deleted = () => deletes.flatMap((spy) => spy.mock.calls.map(([k]) => k));
    let calls: string[] = [];
    // The run that gets the lock waits here until the other instance has tried and skipped.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    const held = (t: TestApp): Job => {
      const job = jobOf(t);
      return {
        ...job,
        everyMs: 3_600_000,
        run: async () => {
          entered += 1;
          await gate;
          await job.run();
        },
      };
    };
    const log = pino({ level: 'silent' });
    const schedulers = [one, two].map((t) => startJobs(t.ctx.database, log, [held(t)], t.ctx.metrics));
    try {
      await vi.waitFor(async () => expect(((await outcomes(one)).skipped ?? 0) + ((await outcomes(two)).skipped ?? 0)).toBe(1), { timeout: 10_000 });
      expect(entered).toBe(1);
    } finally {
      release();
      await Promise.all(schedulers.map((s) => s.stop()));
      calls = deleted();
      vi.restoreAllMocks();
    }
    const [a, b] = [await outcomes(one), await outcomes(two)];
    expect([a.ran ?? 0, b.ran ?? 0].sort()).toEqual([0, 1]);
    expect([a.skipped ?? 0, b.skipped ?? 0].sort()).toEqual([0, 1]);
    expect((a.failed ?? 0) + (b.failed ?? 0)).toBe(0);
    // Deleted once, record and object.
    expect(calls).toEqual([key]);
    expect(await bucket.size(key)).toBeNull();
    expect((await two.app.inject({ method: 'GET', url: `/api/files/${token}` })).statusCode).toBe(404);
  });

  it('run together any number of times, the expiry job removes each file once and never fails', async () => {
    const expired = [await expiredFile(one), await expiredFile(two)];
    const deletes = [vi.spyOn(one.ctx.storage, 'delete'), vi.spyOn(two.ctx.storage, 'delete')];
    let calls: string[] = [];
    try {
      // As the scheduler calls it, several times from both instances, with no gate.
      const results = await Promise.all([one, two, one, two].map((t) => t.ctx.database.withTryLock(LOCK_KEYS[jobOf(t).name], jobOf(t).run)));
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    } finally {
      calls = deletes.flatMap((spy) => spy.mock.calls.map(([k]) => k));
      vi.restoreAllMocks();
    }
    expect(calls.sort()).toEqual(expired.map((e) => e.key).sort());
    for (const { key } of expired) expect(await bucket.size(key)).toBeNull();
  });
});
