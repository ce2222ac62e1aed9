/** The one uploaded file of a multipart import, read with the import kind's size limit. */
import type { FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import { BizError } from '../../core/http.js';
import { assertNoNulFields } from '../../core/input-guard.js';
import { mb, type ImportLimits } from './import-limits.js';

export async function readUpload(req: FastifyRequest, limits: ImportLimits, opts: { fieldName?: string; missing: string }): Promise<{ buffer: Buffer; fields: MultipartFields }> {
  // A few small form fields (examId) may come before the file; nothing else.
  const file = await req.file({ limits: { fileSize: limits.fileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  if (!file) throw new BizError(opts.missing);
  if (opts.fieldName && file.fieldname !== opts.fieldName) throw new BizError(`上传字段名应为 ${opts.fieldName}`);
  assertNoNulFields(file.fields, file.filename);
  const tooLarge = () => new BizError(`上传文件过大：${limits.label}文件不能超过 ${mb(limits.fileBytes)}`, 413);
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
