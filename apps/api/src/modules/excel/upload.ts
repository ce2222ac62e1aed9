/** The one uploaded file of a multipart import, read with the import kind's size limit. */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import { BizError } from '../../core/http.js';
import { assertNoNulFields } from '../../core/input-guard.js';
import { mb, type ImportLimits } from './import-limits.js';

export interface UploadOptions { fieldName?: string; missing: string }

async function uploadedFile(req: FastifyRequest, limits: ImportLimits, opts: UploadOptions) {
  // A few small form fields (examId) may come before the file; nothing else.
  const file = await req.file({ limits: { fileSize: limits.fileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  if (!file) throw new BizError(opts.missing);
  if (opts.fieldName && file.fieldname !== opts.fieldName) throw new BizError(`上传字段名应为 ${opts.fieldName}`);
  assertNoNulFields(file.fields, file.filename);
  const tooLarge = () => new BizError(`上传文件过大：${limits.label}文件不能超过 ${mb(limits.fileBytes)}`, 413);
  return { file, tooLarge };
}

/** Streams the uploaded file into `path` (never whole in memory); a file over the limit is refused and removed. */
export async function saveUpload(req: FastifyRequest, limits: ImportLimits, opts: UploadOptions, path: string): Promise<{ fields: MultipartFields }> {
  const { file, tooLarge } = await uploadedFile(req, limits, opts);
  try {
    await pipeline(file.file, createWriteStream(path));
    if (file.file.truncated) throw tooLarge();
  } catch (err) {
    await rm(path, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  return { fields: file.fields };
}

export async function readUpload(req: FastifyRequest, limits: ImportLimits, opts: UploadOptions): Promise<{ buffer: Buffer; fields: MultipartFields }> {
  const { file, tooLarge } = await uploadedFile(req, limits, opts);
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  // toBuffer can return the cut-off part without throwing when the limit is hit on the last chunk read.
  if (file.file.truncated) throw tooLarge();
  return { buffer, fields: file.fields };
}
