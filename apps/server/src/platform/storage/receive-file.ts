import path from 'node:path';
import { hasBidiControls, type ErrorCode } from '@cusp/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../errors.js';
import type { Limits } from '../rate-limit/limiter.js';

/** Multipart framing around the file never comes near this. */
export const ENVELOPE_BYTES = 1024 * 1024;

/**
 * The one way a route takes a single uploaded file (field `file`), docs/decisions/0020 and 0021: the
 * uploader's upload limits are counted first, a declared oversize body is refused before a byte of it
 * is read, and the parser stops one byte past `maxBytes` so that the store function sees the file was
 * cut (`truncated`) and answers 413 with nothing kept.
 */
export async function receiveOneFile(
  request: FastifyRequest,
  limits: Limits,
  userId: string,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: ErrorCode },
): Promise<MultipartFile> {
  await limits.consumeAll([
    ['uploadsUser', userId],
    ['uploadsAddress', request.ip],
  ]);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes + ENVELOPE_BYTES) {
    throw fieldError(tooLarge, 'file');
  }
  if (!request.isMultipart()) throw fieldError('FILE_MISSING', 'file');
  const file = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  if (!file || file.fieldname !== 'file') {
    file?.file.resume();
    throw fieldError('FILE_MISSING', 'file');
  }
  return file;
}

/**
 * The name an uploaded file is kept under: its base name, at most 200 characters, `fallback` when it has none.
 * A name with a bidirectional control is refused (400 FILE_NAME_DIRECTION, ADR 0023): `scan<U+202E>gpj.stl` shows
 * as `scanlts.jpg`, a file passing for another type. Refused, not cleaned: the person should see the name they
 * gave, or be told why not. The rest of the file is drained so the request can still be answered.
 */
export function uploadedFileName(file: MultipartFile, fallback: string): string {
  if (hasBidiControls(file.filename ?? '')) {
    file.file.resume();
    throw fieldError('FILE_NAME_DIRECTION', file.fieldname);
  }
  return path.basename(file.filename || fallback).slice(0, 200);
}
