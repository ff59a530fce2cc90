import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { openDatabase } from '../../db/client.js';
import { eventually, useTestApp } from '../../../test/helper.js';
import { createJobQueue, deleteDoneJobs, enqueueJob } from './queue.js';

describe('durable job queue', async () => {
  const { ctx, databaseUrl } = await useTestApp();
  const ran: string[] = [];
  let failuresLeft = 0;
  ctx.jobs.handle('test-record', async (payload: { n: string }) => {
    ran.push(payload.n);
  });
  ctx.jobs.handle('test-flaky', async (payload: { n: string }) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('the outside world is down');
    }
    ran.push(payload.n);
  });
  const jobOf = async (key: string) => (await ctx.db.select().from(jobs).where(eq(jobs.key, key)))[0];

  it('runs a job recorded in a committed transaction once it commits, without being asked', async () => {
    await ctx.db.transaction(async (tx) => {
      await enqueueJob(tx, 'test-record', 'k-commit', { n: 'commit' });
    });
    const done = await eventually(() => jobOf('k-commit'), (job) => !!job?.doneAt);
    expect(done?.doneAt).toBeTruthy();
    expect(ran.filter((n) => n === 'commit')).toEqual(['commit']);
  });

  it('never runs a job whose transaction rolled back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test-record', 'k-rollback', { n: 'rollback' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.jobs.drain();
    expect(await jobOf('k-rollback')).toBeUndefined();
    expect(ran).not.toContain('rollback');
  });

  it('records one job for one key, however often it is recorded', async () => {
    for (let i = 0; i < 3; i++) await enqueueJob(ctx.db, 'test-record', 'k-once', { n: 'once' });
    await ctx.jobs.drain();
    await ctx.jobs.drain();
    expect(ran.filter((n) => n === 'once')).toEqual(['once']);
  });

  it('retries a failing job after a delay, keeping the error, until it succeeds', async () => {
    failuresLeft = 2;
    await enqueueJob(ctx.db, 'test-flaky', 'k-flaky', { n: 'flaky' });
    await ctx.jobs.drain();
    let job = await jobOf('k-flaky');
    expect(job).toMatchObject({ attempts: 1, doneAt: null, lastError: 'Error: the outside world is down' });
    expect(job!.runAfter.getTime()).toBeGreaterThan(Date.now());
    for (const attempts of [2, 3]) {
      await ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.key, 'k-flaky'));
      await ctx.jobs.drain();
      job = await jobOf('k-flaky');
      expect(job!.attempts).toBe(attempts);
    }
    expect(job!.doneAt).toBeTruthy();
    expect(ran.filter((n) => n === 'flaky')).toEqual(['flaky']);
  });

  it('takes again a job whose instance died while holding it, once its lease has run out', async () => {
    await enqueueJob(ctx.db, 'test-record', 'k-lease', { n: 'lease' }, { runAfter: new Date(Date.now() + 3_600_000) });
    // As a claim by an instance that then died leaves it: held, attempted once, not done.
    await ctx.db.update(jobs).set({ runAfter: sql`now()`, attempts: 1, lockedUntil: sql`now() + interval '1 hour'` }).where(eq(jobs.key, 'k-lease'));
    await ctx.jobs.drain();
    expect(ran).not.toContain('lease');
    await ctx.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.key, 'k-lease'));
    await ctx.jobs.drain();
    expect(ran.filter((n) => n === 'lease')).toEqual(['lease']);
    expect((await jobOf('k-lease'))!.attempts).toBe(2);
  });

  it('forgets done jobs after a month, never one still due', async () => {
    await enqueueJob(ctx.db, 'test-record', 'k-old', { n: 'old' });
    await enqueueJob(ctx.db, 'test-record', 'k-waiting', { n: 'waiting' }, { runAfter: new Date(Date.now() + 3_600_000) });
    await ctx.jobs.drain();
    await ctx.db.update(jobs).set({ doneAt: sql`now() - interval '31 days'`, createdAt: sql`now() - interval '40 days'` }).where(eq(jobs.key, 'k-old'));
    await ctx.db.update(jobs).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(jobs.key, 'k-waiting'));
    await deleteDoneJobs(ctx.db);
    expect(await jobOf('k-old')).toBeUndefined();
    expect(await jobOf('k-waiting')).toBeDefined();
    expect(await jobOf('k-commit')).toBeDefined(); // done today
  });

  it.runIf(!!databaseUrl)('shares the work between instances: each of many jobs runs exactly once', async () => {
    const other = await openDatabase({ databaseUrl, dataDir: null });
    const seen = new Map<string, number>();
    const count = async (payload: { n: string }) => void seen.set(payload.n, (seen.get(payload.n) ?? 0) + 1);
    const queues = [ctx.database, other].map((database) => createJobQueue({ database, log: pino({ level: 'silent' }), leaseMs: 60_000 }));
    // This app's own worker takes part too (it hears of the jobs like the others).
    for (const queue of [...queues, ctx.jobs]) queue.handle('test-shared', count);
    try {
      for (let i = 0; i < 60; i++) await enqueueJob(ctx.db, 'test-shared', `k-shared-${i}`, { n: String(i) });
      await Promise.all([...queues, ctx.jobs, ...queues].map((q) => q.drain()));
      await eventually(async () => (await ctx.db.select().from(jobs).where(sql`${jobs.kind} = 'test-shared' and ${jobs.doneAt} is null`)).length, (left) => left === 0);
      expect(seen.size).toBe(60);
      expect([...seen.values()].every((times) => times === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
