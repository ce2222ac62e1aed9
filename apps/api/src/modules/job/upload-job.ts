/**
 * Big imports as jobs: the route stores the upload in DATA_DIR/files/uploads/<job id>, creates the job (run by
 * any executor, with the caller as checked at upload time) and waits up to IMPORT_WAIT_MS for it. Finished in
 * time, the route answers exactly as a synchronous import did (data, or the refusal's code, message and data);
 * otherwise it answers code 202 with the job id, and the web polls GET /jobs/{id} until the same answer is there.
 * The stored upload is deleted when the job ends (and by the files sweep if a process died).
 * The upload is streamed to that file and the job reads it from disk part by part: a 10 MB upload never sits
 * in the api's memory (issue 8 item 2: the api's peak stays under 300 MB while refusing bombs).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { JOB_ACCEPTED_CODE, type JobAccepted } from '@jz/shared/api/job';
import type { AuthUser, RoleScope } from '../../core/auth.js';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import type { Db } from '../../db/database.js';
import type { ImportLimits } from '../excel/import-limits.js';
import { saveUpload, type UploadOptions } from '../excel/upload.js';
import type { XlsxSource } from '../excel/xlsx-read.js';
import { createJob, jobWithin, registerJobKind } from './job.service.js';

type SchoolUser = AuthUser & { schoolId: number };

/** The caller as the job sees it (permissions as a list: JSON). */
interface StoredUser extends Omit<SchoolUser, 'permissions' | 'roles'> { permissions: string[]; roles: RoleScope[] }
interface UploadParams { user: StoredUser; examId?: number }

const dirOf = (dataDir: string) => path.join(dataDir, 'files', 'uploads');
const fileOf = (dataDir: string, id: string) => path.join(dirOf(dataDir), `${id}.xlsx`);

const storeUser = (u: SchoolUser): StoredUser => ({ ...u, permissions: [...u.permissions], roles: u.roles });
const userFrom = (u: StoredUser): SchoolUser => ({ ...u, permissions: new Set(u.permissions) });

export type UploadRun = (db: Db, user: SchoolUser, source: XlsxSource, examId: number | undefined) => Promise<unknown>;

/** Declares an import kind: the service runs as it is, over the stored upload, in one job. */
export function registerUploadKind(kind: string, run: UploadRun, failMessage = '导入失败：服务器内部错误'): void {
  registerJobKind<UploadParams>(kind, async (c) => {
    c.progress(5, 1, '读取文件');
    const file = fileOf(c.dataDir, c.job.id);
    if (!(await stat(file).catch(() => null))?.isFile()) throw new BizError('上传的文件已丢失，请重新上传');
    c.progress(10, 2, '校验并写入');
    const result = await run(c.db, userFrom(c.params.user), { path: file }, c.params.examId);
    c.progress(100, 3, '导入完成');
    return result;
  }, { failMessage, onEnd: async ({ dataDir, job }) => { await rm(fileOf(dataDir, job.id), { force: true }); } });
}

export type UploadOutcome = { done: true; result: unknown } | { done: false; accepted: JobAccepted };

/** An upload stored for its job: the job id and the path of the file. */
export interface StoredUpload { id: string; file: string }

/**
 * Streams the request's file into the uploads folder (`<id>.xlsx`, complete or absent: written as .tmp and
 * renamed), with the form fields sent before it (examId). Hand it to runUploadJob, which owns it from then on.
 */
export async function receiveUpload(ctx: AppContext, req: FastifyRequest, limits: ImportLimits, opts: UploadOptions): Promise<{ upload: StoredUpload; fields: MultipartFields }> {
  const id = randomUUID();
  await mkdir(dirOf(ctx.config.dataDir), { recursive: true });
  const file = fileOf(ctx.config.dataDir, id);
  const { fields } = await saveUpload(req, limits, opts, `${file}.tmp`);
  await rename(`${file}.tmp`, file);
  return { upload: { id, file }, fields };
}

/** Starts an import job over a stored upload and waits a bounded time for it (see the file comment). */
export async function runUploadJob(ctx: AppContext, kind: string, user: SchoolUser, upload: StoredUpload, examId?: number): Promise<UploadOutcome> {
  const { id, file } = upload;
  try {
    // the exam id stays in params: the row must not point at an exam the service has not checked yet
    await createJob(ctx.db, ctx.jobs, { id, kind, schoolId: user.schoolId, createdBy: user.id, params: { user: storeUser(user), examId }, message: '排队中' });
  } catch (e) {
    await rm(file, { force: true });
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
