import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.js';
import type { Storage } from './storage.js';

/** The same keys as local storage (storage.ts), so the two adapters hold the same objects. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;
const isSafe = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

/** Bodies larger than one part go up as a multipart upload; 5 MiB is the smallest part S3 takes. */
export const PART_BYTES = 5 * 1024 * 1024;
/** Parts uploaded at once: at most (PARTS_IN_FLIGHT + 1) parts of one upload are in memory. */
export const PARTS_IN_FLIGHT = 2;

export interface S3Storage extends Storage {
  readonly client: S3Client;
  readonly bucket: string;
  /** Fails with a message naming S3_BUCKET when the bucket cannot be reached with these settings. */
  checkBucket(): Promise<void>;
  /** Closes the client's connections. */
  close(): void;
}

type S3Failure = Error & { $metadata?: { httpStatusCode?: number } };
const statusOf = (error: unknown) => (error as S3Failure)?.$metadata?.httpStatusCode;
/** A missing object: NoSuchKey from GET, a body-less 404 (NotFound) from HEAD. */
const isMissing = (error: unknown) => {
  const name = (error as Error)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
};

const CLOSED_EARLY = 'The upload stream closed before its end.';

/** `bytes 0-9/1234` → { start: 0, end: 9, total: 1234 }. */
function parseContentRange(header: string | undefined) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : null;
}

/** `length` bytes of `source` after the first `skip`; the source is closed as soon as they are sent. */
async function* slice(source: Readable, skip: number, length: number) {
  let offset = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const from = Math.max(0, skip - offset);
      const to = Math.min(chunk.length, skip + length - offset);
      offset += chunk.length;
      if (to > from) yield chunk.subarray(from, to);
      if (offset >= skip + length) return;
    }
  } finally {
    source.destroy();
  }
}

/**
 * Uploads in a bucket of any S3-compatible store (AWS S3, MinIO, Ceph, R2, s3rver...), behind the
 * same Storage interface as the local folder, so several instances share them (scale-out issue,
 * ADR 0014). Objects stay private: they are read through the server, which checks who is asking.
 */
export function s3Storage(config: S3Config): S3Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores do not know the newer
    // CRC headers and trailers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A streamed download holds its connection while the client reads it: allow many at once.
    requestHandler: {
      connectionTimeout: 5_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  const Bucket = config.bucket;
  const checked = (key: string) => {
    if (!isSafe(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  };

  const size = async (key: string) => {
    if (!isSafe(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    client,
    bucket: Bucket,

    async put(key, body) {
      const Key = checked(key);
      let bytes = 0;
      let bodyFailure: Error | null = null;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      // A body that errors or is destroyed before its end (a client gone mid-upload, a size limit)
      // fails the upload: the uploader stops reading, aborts the multipart upload and rejects, so
      // no object is ever completed from part of a body.
      const onError = (error: Error) => {
        bodyFailure ??= error;
        counted.destroy(error);
      };
      body.on('error', onError);
      body.once('close', () => {
        if (!body.readableEnded) onError(new Error(CLOSED_EARLY));
      });
      if (body.destroyed) onError(body.errored ?? new Error(CLOSED_EARLY));
      else body.pipe(counted);

      try {
        await new Upload({
          client,
          params: { Bucket, Key, Body: counted },
          partSize: PART_BYTES,
          queueSize: PARTS_IN_FLIGHT,
          leavePartsOnError: false,
        }).done();
        if (bodyFailure) throw bodyFailure;
        return { size: bytes };
      } catch (error) {
        // The body's own failure says more than an abort the store may refuse (s3rver does).
        const failure = bodyFailure ?? error;
        // As pipeline() does for local storage: the body is finished with; callers drain their source.
        body.unpipe(counted);
        body.destroy();
        throw failure;
      }
    },

    async get(key, range) {
      if (!isSafe(key)) return null;
      try {
        const found = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const stream = found.Body as Readable;
        if (!range) return { body: stream, size: found.ContentLength ?? 0 };
        const wanted = range.end - range.start + 1;
        const sent = parseContentRange(found.ContentRange);
        if (sent && sent.start === range.start && sent.end === range.end) return { body: stream, size: sent.total };
        // A store may send more than asked (s3rver answers bytes=0-0 with the whole object, and
        // HTTP lets a server ignore Range): pass on only the bytes asked for.
        const from = sent ?? { start: 0, end: (found.ContentLength ?? 0) - 1, total: found.ContentLength ?? 0 };
        if (from.start > range.start || from.end < Math.min(range.end, from.total - 1)) {
          stream.destroy();
          throw new Error(`the S3 store sent bytes ${from.start}-${from.end} of ${key} when asked for ${range.start}-${range.end}`);
        }
        return { body: Readable.from(slice(stream, range.start - from.start, wanted)), size: from.total };
      } catch (error) {
        if (isMissing(error)) return null;
        if ((error as Error).name === 'InvalidRange' || statusOf(error) === 416) {
          // Past the end: nothing to send, as a local file read past its end (send-file.ts answers 416 first).
          const total = await size(key);
          return total === null ? null : { body: Readable.from([]), size: total };
        }
        throw error;
      }
    },

    size,

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        throw new Error(
          `S3_BUCKET: cannot use bucket "${Bucket}" at ${config.endpoint} (${(error as Error).name}${status ? `, HTTP ${status}` : ''}); ` +
            'check that it exists and that S3_ACCESS_KEY_ID may read and write it',
          { cause: error },
        );
      }
    },

    close() {
      client.destroy();
    },
  };
}

/** The adapter, once its bucket has answered: a wrong setting stops the start, not the first upload. */
export async function openS3Storage(config: S3Config): Promise<S3Storage> {
  const storage = s3Storage(config);
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.close();
    throw error;
  }
  return storage;
}
