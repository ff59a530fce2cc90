import type { AppContext } from './context.js';
import { deleteExpiredSessions } from './modules/auth/session.js';
import { deleteExpiredFiles } from './modules/files/files.service.js';
import type { Job } from './platform/jobs/scheduler.js';

const MINUTE = 60_000;

/** Everything the server does on a timer. Lock keys are fixed numbers, one per job. */
export function scheduledJobs(ctx: AppContext): Job[] {
  return [
    { name: 'expire-files', lockKey: 727_101, everyMs: 10 * MINUTE, run: async () => void (await deleteExpiredFiles(ctx)) },
    { name: 'expire-sessions', lockKey: 727_102, everyMs: 60 * MINUTE, run: () => deleteExpiredSessions(ctx.db) },
  ];
}
