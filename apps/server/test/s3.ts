import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type S3Config } from '../src/config.js';

/** The parts of s3rver (a local S3-compatible server, root devDependency) the tests use. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string; configs: string[] }>;
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/**
 * An S3-compatible server in this process, on a free port, keeping its objects in a temporary
 * folder, with one empty bucket. `env` is what a server instance needs to use it (STORAGE=s3...).
 */
export async function startS3rver(bucket = 'cusp-test') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'cusp-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  // s3rver's built-in account.
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const storage = loadConfig(env).storage;
  if (storage.kind !== 's3') throw new Error('STORAGE=s3 was not read');
  const config: S3Config = storage;
  return {
    env,
    config,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
