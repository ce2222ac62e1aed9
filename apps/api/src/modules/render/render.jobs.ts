/**
 * Render jobs as kinds of the job layer (render.card / render.slips / render.report / render.excel / render.labels /
 * render.wrongbook, browser lane): the api builds the input, stores it as `jobs/<id>.in.json` in the shared store (DATA_DIR/files or the S3
 * bucket: the worker that prints may be another machine) and creates the job row with owner, download name and part
 * names; any process working the browser lane prints it with its warm Chromium into its own scratch folder
 * (DATA_DIR/work/render), stores the result as `jobs/<id>.<ext>` and records progress and the result in the row.
 * A zip job prints one PDF per class and bundles them. Bad input fails at once with its Chinese message; other
 * errors are retried (3 attempts, 2 s backoff doubling); a job whose worker died is taken over by the next worker
 * BullMQ gives it to, or failed with a message when none does.
 * Everything under `jobs/` in the store (results, inputs) and in the scratch folder (leftovers of a killed worker)
 * is deleted by `sweepJobFiles` once older than the retention (RENDER_FILE_TTL_HOURS, default 72 h).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
// jobs, not processors: the templates, React, ECharts and ExcelJS load with the first render job.
import { BadInputError, JOB_TYPES, transientMessage, type JobType } from '@jz/render-service/jobs';
import type { RenderJob, RenderJobState } from '@jz/shared/api/render';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import { createJob, registerJobKind, TransientJobError } from '../job/job.service.js';
import * as jobRepo from '../job/job.repository.js';
import { writeZipFile } from './zip.js';
import { StorageNotFound, type Storage } from '../../core/storage.js';

export interface RenderParams {
  type: JobType;
  owner: { schoolId: number; userId: number };
  fileName: string;
  zip: boolean;
  /** Download names of the parts (one, or one per class of a zip). */
  parts: string[];
}
interface RenderResult { file: string }

/** `key`: the result's key in the store, when completed. */
export interface JobStatus { state: RenderJobState; progress: number; error: string | null; key: string | null }

/** Store keys of a job's files: its input, its result (`jobs/<file>`). */
const JOBS = 'jobs/';
const inputKey = (id: string) => `${JOBS}${id}.in.json`;
const resultKey = (file: string) => `${JOBS}${path.basename(file)}`;
/** The process's scratch folder for printing (results are stored, then removed here). */
const workDirOf = (dataDir: string) => path.join(dataDir || os.tmpdir(), 'work', 'render');

export const EXPIRED = '任务已过期，请重新生成';
const LOST_INPUT = '任务数据已丢失，请重新生成';
export const renderKind = (type: JobType) => `render.${type}`;

/** Writes the parts' input and creates the job (owner's school and user recorded for file access). */
export async function startRenderJob(ctx: AppContext, job: { type: JobType; owner: RenderParams['owner']; fileName: string; zip: boolean; examId: number | null; createdBy: number | null },
  parts: { name: string; params: unknown }[]): Promise<string> {
  const id = randomUUID();
  await ctx.storage.put(inputKey(id), Buffer.from(JSON.stringify(parts.map((p) => p.params))));
  const params: RenderParams = { type: job.type, owner: job.owner, fileName: job.fileName, zip: job.zip, parts: parts.map((p) => p.name) };
  try {
    return await createJob(ctx.db, ctx.jobs, { id, kind: renderKind(job.type), schoolId: job.owner.schoolId, examId: job.examId, createdBy: job.createdBy, params, message: '排队中' });
  } catch (e) {
    await ctx.storage.delete(inputKey(id));
    throw e;
  }
}

const intEnv = (v: string | undefined) => (v && Number(v) > 0 ? Number(v) : undefined);
/** Slips printed in the api process itself (no Redis): students per chunk and tabs at once. */
const IN_PROCESS_SLIP_CHUNK = 15;
const IN_PROCESS_PARALLEL = 1;

for (const type of JOB_TYPES) {
  registerJobKind<RenderParams>(renderKind(type), async (c): Promise<RenderResult> => {
    const { id } = c.job;
    let inputs: unknown[];
    try {
      inputs = JSON.parse((await c.storage.getBytes(inputKey(id))).toString('utf8')) as unknown[];
    } catch (e) {
      if (e instanceof StorageNotFound || e instanceof SyntaxError) throw new BizError(LOST_INPUT);
      throw new TransientJobError(transientMessage(e), { cause: e });
    }
    const n = inputs.length;
    const workDir = workDirOf(c.dataDir);
    await mkdir(workDir, { recursive: true });
    const files: string[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const partId = c.params.zip ? `${id}-${i + 1}` : id;
        try {
          const { processJob } = await import('@jz/render-service/processors');
          const r = await processJob(type, inputs[i], {
            printer: await c.printer(), workDir, jobId: partId,
            // in the api process: one tab, small chunks (its renderer stays small; see "Printing within memory")
            slipChunk: intEnv(process.env.RENDER_SLIP_CHUNK) ?? (c.inProcess ? IN_PROCESS_SLIP_CHUNK : undefined),
            parallel: intEnv(process.env.RENDER_PARALLEL) ?? (c.inProcess ? IN_PROCESS_PARALLEL : undefined),
            progress: (p) => c.progress(c.params.zip ? ((i + p / 100) / n) * 98 : Math.min(99, p)),
          });
          files.push(r.resultPath);
        } catch (e) {
          if (e instanceof BadInputError) throw new BizError(e.message);
          throw new TransientJobError(transientMessage(e), { cause: e });
        }
      }
      const out = c.params.zip ? path.join(workDir, `${id}.zip`) : files[0]!;
      if (c.params.zip) {
        const used = new Set<string>();
        const entries = files.map((file, i) => {
          const base = c.params.parts[i] ?? `${i + 1}.pdf`;
          let name = base;
          for (let k = 2; used.has(name); k++) name = base.replace(/(\.\w+)$/, `(${k})$1`);
          used.add(name);
          return { name, file };
        });
        try {
          await writeZipFile(out, entries);
        } catch (e) {
          throw new BizError(`打包失败：${e instanceof Error ? e.message : String(e)}`);
        }
      }
      // streamed into the shared store (a slips PDF of a whole grade is tens of MB)
      try {
        await c.storage.put(resultKey(out), createReadStream(out));
      } catch (e) {
        throw new TransientJobError(transientMessage(e), { cause: e });
      }
      return { file: path.basename(out) };
    } finally {
      await Promise.all([...files, path.join(workDir, `${id}.zip`)].map((f) => rm(f, { force: true })));
    }
  }, {
    lane: 'browser', attempts: 3, backoffMs: 2000, recoverable: true, failMessage: '渲染失败：服务器内部错误',
    onEnd: async ({ storage, job }) => { await storage.delete(inputKey(job.id)); },
  });
}

/** A render job's row, or undefined when the id is no render job. */
export async function findRenderJob(ctx: AppContext, id: string): Promise<(jobRepo.JobRow & { params: RenderParams }) | undefined> {
  await jobRepo.failStale(ctx.db, undefined, id); // a job whose process died says so at the next poll
  const row = await jobRepo.findJob(ctx.db, id);
  // rows of the former render queue (runner 'render', before this layer) carry no owner: unknown here
  if (!row || !row.kind.startsWith('render.') || !(row.params as RenderParams | null)?.owner) return undefined;
  return row as jobRepo.JobRow & { params: RenderParams };
}

/** The row as the render contract shows it; a finished job whose file was swept is expired. */
export async function renderStatus(ctx: AppContext, row: jobRepo.JobRow): Promise<JobStatus> {
  if (row.state === 'failed') return { state: 'failed', progress: row.progress, error: row.error ?? '渲染失败', key: null };
  if (row.state === 'done') {
    const name = (row.result as RenderResult | null)?.file;
    const key = name ? resultKey(name) : null;
    if (!key || !(await ctx.storage.stat(key))) return { state: 'failed', progress: 0, error: EXPIRED, key: null };
    return { state: 'completed', progress: 100, error: null, key };
  }
  return { state: row.state === 'running' ? 'active' : 'waiting', progress: Math.min(99, row.progress), error: null, key: null };
}

/** The stored result of a completed job, as a stream (EXPIRED when it was swept meanwhile). */
export async function renderFile(ctx: AppContext, s: JobStatus): Promise<Readable> {
  try {
    return await ctx.storage.getStream(s.key!);
  } catch (e) {
    if (e instanceof StorageNotFound) throw new BizError(EXPIRED);
    throw e;
  }
}

export function renderJobView(row: jobRepo.JobRow & { params: RenderParams }, s: JobStatus): RenderJob {
  return {
    jobId: row.id, type: row.params.type, state: s.state, progress: s.progress, error: s.error, fileName: row.params.fileName,
    createdAt: Math.floor(new Date(row.createdAt).getTime() / 1000),
  };
}

/**
 * Deletes what is older than `ttlMs`: under `jobs/` in the store (results, inputs) and in the process's scratch
 * folder (temporary files and chunk folders a killed worker left). Returns how many entries went. Safe to run from
 * several api instances at once (a file already gone is skipped).
 */
export async function sweepJobFiles(storage: Storage, dataDir: string, ttlMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const e of await storage.entries(JOBS)) {
    if (now - e.modifiedAt.getTime() <= ttlMs) continue;
    await storage.delete(e.key).then(() => removed++, () => undefined);
  }
  const work = workDirOf(dataDir);
  for (const name of await readdir(work).catch(() => [] as string[])) {
    const file = path.join(work, name);
    try {
      if (now - (await stat(file)).mtimeMs <= ttlMs) continue;
      await rm(file, { recursive: true, force: true });
      removed++;
    } catch { /* gone meanwhile */ }
  }
  return removed;
}
