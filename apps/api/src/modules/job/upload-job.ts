/**
 * Big imports as jobs: the route stores the upload as `uploads/<job id>.xlsx` in the shared store (DATA_DIR/files
 * or the S3 bucket), creates the job (run by any executor, with the caller as checked at upload time) and waits up
 * to IMPORT_WAIT_MS for it. Finished in time, the route answers exactly as a synchronous import did (data, or the
 * refusal's code, message and data); otherwise it answers code 202 with the job id, and the web polls GET /jobs/{id}
 * until the same answer is there. The stored upload is deleted when the job ends.
 * The upload streams through a scratch file (the limits are checked on the way) into the store, and the job streams
 * it into its own scratch file (DATA_DIR/work/uploads: the workbook reader needs random access) and reads it part
 * by part: a 10 MB upload never sits in the api's memory (the api's peak stays under 300 MB while
 * refusing bombs).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { JOB_ACCEPTED_CODE, type JobAccepted } from '@jz/shared/api/job';
import type { AuthUser, RoleScope } from '../../core/auth.js';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import { StorageNotFound } from '../../core/storage.js';
import type { Db } from '../../db/database.js';
import type { ImportLimits } from '../excel/import-limits.js';
import { saveUpload, type UploadOptions } from '../excel/upload.js';
import type { XlsxSource } from '../excel/xlsx-read.js';
import { createJob, jobWithin, registerJobKind } from './job.service.js';

type SchoolUser = AuthUser & { schoolId: number };

/** The caller as the job sees it (permissions as a list: JSON). */
interface StoredUser extends Omit<SchoolUser, 'permissions' | 'roles'> { permissions: string[]; roles: RoleScope[] }
interface UploadParams { user: StoredUser; examId?: number }

const keyOf = (id: string) => `uploads/${id}.xlsx`;
/** The process's scratch copy of an upload. */
const scratchDir = (dataDir: string) => path.join(dataDir || os.tmpdir(), 'work', 'uploads');
const scratchOf = (dataDir: string, id: string) => path.join(scratchDir(dataDir), `${id}.xlsx`);

const storeUser = (u: SchoolUser): StoredUser => ({ ...u, permissions: [...u.permissions], roles: u.roles });
const userFrom = (u: StoredUser): SchoolUser => ({ ...u, permissions: new Set(u.permissions) });

export type UploadRun = (db: Db, user: SchoolUser, source: XlsxSource, examId: number | undefined) => Promise<unknown>;

/** Declares an import kind: the service runs as it is, over the stored upload, in one job. */
export function registerUploadKind(kind: string, run: UploadRun, failMessage = '导入失败：服务器内部错误'): void {
  registerJobKind<UploadParams>(kind, async (c) => {
    c.progress(5, 1, '读取文件');
    const file = scratchOf(c.dataDir, c.job.id);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      try {
        await pipeline(await c.storage.getStream(keyOf(c.job.id)), createWriteStream(file));
      } catch (e) {
        if (e instanceof StorageNotFound) throw new BizError('上传的文件已丢失，请重新上传');
        throw e;
      }
      c.progress(10, 2, '校验并写入');
      const result = await run(c.db, userFrom(c.params.user), { path: file }, c.params.examId);
      c.progress(100, 3, '导入完成');
      return result;
    } finally {
      await rm(file, { force: true });
    }
  }, { failMessage, onEnd: async ({ storage, job }) => { await storage.delete(keyOf(job.id)); } });
}

export type UploadOutcome = { done: true; result: unknown } | { done: false; accepted: JobAccepted };

/** An upload stored for its job (`uploads/<id>.xlsx` in the store). */
export interface StoredUpload { id: string }

/**
 * Streams the request's file into the store (`uploads/<id>.xlsx`, complete or absent), with the form fields sent
 * before it (examId). Hand it to runUploadJob, which owns it from then on.
 */
export async function receiveUpload(ctx: AppContext, req: FastifyRequest, limits: ImportLimits, opts: UploadOptions): Promise<{ upload: StoredUpload; fields: MultipartFields }> {
  const id = randomUUID();
  const tmp = `${scratchOf(ctx.config.dataDir, id)}.in`;
  await mkdir(path.dirname(tmp), { recursive: true });
  try {
    const { fields } = await saveUpload(req, limits, opts, tmp);
    await ctx.storage.put(keyOf(id), createReadStream(tmp));
    return { upload: { id }, fields };
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Starts an import job over a stored upload and waits a bounded time for it (see the file comment). */
export async function runUploadJob(ctx: AppContext, kind: string, user: SchoolUser, upload: StoredUpload, examId?: number): Promise<UploadOutcome> {
  const { id } = upload;
  try {
    // the exam id stays in params: the row must not point at an exam the service has not checked yet
    await createJob(ctx.db, ctx.jobs, { id, kind, schoolId: user.schoolId, createdBy: user.id, params: { user: storeUser(user), examId }, message: '排队中' });
  } catch (e) {
    await ctx.storage.delete(keyOf(id));
    throw e;
  }
  const row = await jobWithin(ctx.db, id, ctx.config.importWaitMs);
  if (!row) return { done: false, accepted: { jobId: id } };
  if (row.state === 'failed') {
    const detail = (row.result as { error?: { code: number; data: unknown } } | null)?.error;
    throw new BizError(row.error ?? '导入失败', detail?.code ?? 400, detail?.data ?? null);
  }
  return { done: true, result: row.result };
}

/** The envelope of a route whose job is still running. */
export const acceptedEnvelope = (a: JobAccepted) => ({ code: JOB_ACCEPTED_CODE, msg: '文件较大，正在后台导入，请稍候查看进度', data: a });
