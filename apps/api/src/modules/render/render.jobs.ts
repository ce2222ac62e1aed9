/**
 * What the api remembers of a render job beyond the queue: owner, download name, and its parts (one queue job,
 * or one per class for a zip). Kept as a small JSON file next to the results (DATA_DIR/files/jobs/<id>.job.json)
 * so every api instance sharing DATA_DIR answers for it; a zip is assembled from the parts' PDFs on the first
 * poll that finds them all completed. Everything in that folder (results, records, zips, leftovers of a killed
 * worker) is deleted by `sweepJobFiles` once older than the retention (RENDER_FILE_TTL_HOURS, default 72 h).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobType, RenderQueue } from '@jz/render-service';
import type { RenderJobState } from '@jz/shared/api/render';
import { writeZipFile } from './zip.js';

export interface JobPart { queueId: string; name: string }

export interface JobRecord {
  id: string;
  type: JobType;
  owner: { schoolId: number; userId: number };
  fileName: string;
  createdAt: number;
  zip: boolean;
  parts: JobPart[];
}

export interface JobStatus { state: RenderJobState; progress: number; error: string | null; file: string | null }

const dirOf = (dataDir: string) => path.join(dataDir, 'files', 'jobs');
const recordPath = (dataDir: string, id: string) => path.join(dirOf(dataDir), `${id}.job.json`);
const zipPath = (dataDir: string, id: string) => path.join(dirOf(dataDir), `${id}.zip`);

export const EXPIRED = '任务已过期，请重新生成';

const cache = new Map<string, JobRecord>();
const building = new Map<string, Promise<string>>();

/** Enqueues the parts (in order) and stores the record; returns the public job id. */
export async function startJob(queue: RenderQueue, dataDir: string, rec: Omit<JobRecord, 'id' | 'parts' | 'createdAt'>,
  parts: { name: string; params: unknown }[]): Promise<string> {
  const id = randomUUID();
  const stored: JobPart[] = [];
  for (const p of parts) stored.push({ queueId: await queue.add(rec.type, p.params, rec.owner), name: p.name });
  const full: JobRecord = { ...rec, id, parts: stored, createdAt: Math.floor(Date.now() / 1000) };
  await mkdir(dirOf(dataDir), { recursive: true });
  await writeFile(recordPath(dataDir, id), JSON.stringify(full));
  cache.set(id, full);
  while (cache.size > 500) cache.delete(cache.keys().next().value as string);
  return id;
}

export async function findJob(dataDir: string, id: string): Promise<JobRecord | null> {
  const hit = cache.get(id);
  if (hit) return hit;
  try {
    return JSON.parse(await readFile(recordPath(dataDir, id), 'utf8')) as JobRecord;
  } catch {
    return null;
  }
}

async function buildZip(queue: RenderQueue, dataDir: string, rec: JobRecord): Promise<string> {
  const out = zipPath(dataDir, rec.id);
  if (existsSync(out)) return out;
  let p = building.get(rec.id);
  if (!p) {
    p = (async () => {
      const entries = [];
      const used = new Set<string>();
      for (const part of rec.parts) {
        const file = await queue.resultPath(part.queueId);
        if (!file) throw new Error('文件尚未生成');
        let name = part.name;
        for (let k = 2; used.has(name); k++) name = part.name.replace(/(\.\w+)$/, `(${k})$1`);
        used.add(name);
        entries.push({ name, file });
      }
      const tmp = `${out}.${process.pid}.tmp`;
      await writeZipFile(tmp, entries);
      await rename(tmp, out);
      return out;
    })().finally(() => building.delete(rec.id));
    building.set(rec.id, p);
  }
  return p;
}

/** The job's state over its parts: failed if any failed, completed when all are (and the zip is written). */
export async function jobStatus(queue: RenderQueue, dataDir: string, rec: JobRecord): Promise<JobStatus> {
  const infos = await Promise.all(rec.parts.map((p) => queue.get(p.queueId)));
  if (infos.some((i) => !i)) return { state: 'failed', progress: 0, error: EXPIRED, file: null };
  const failed = infos.find((i) => i!.state === 'failed');
  if (failed) return { state: 'failed', progress: failed.progress, error: failed.error ?? '渲染失败', file: null };
  const avg = infos.reduce((a, i) => a + i!.progress, 0) / infos.length;
  if (infos.every((i) => i!.state === 'completed')) {
    if (!rec.zip) {
      const file = infos[0]!.resultPath ?? null;
      if (!file || !existsSync(file)) return { state: 'failed', progress: 0, error: EXPIRED, file: null };
      return { state: 'completed', progress: 100, error: null, file };
    }
    try {
      return { state: 'completed', progress: 100, error: null, file: await buildZip(queue, dataDir, rec) };
    } catch (e) {
      return { state: 'failed', progress: 99, error: `打包失败：${e instanceof Error ? e.message : String(e)}`, file: null };
    }
  }
  const state: RenderJobState = infos.some((i) => i!.state !== 'waiting') ? 'active' : 'waiting';
  return { state, progress: Math.max(0, Math.min(99, Math.round(rec.zip ? avg * 0.98 : avg))), error: null, file: null };
}

/**
 * Deletes what the jobs folder holds longer than `ttlMs` (by modification time): results, job records, zips,
 * and the temporary files and chunk folders a killed worker left. Returns how many entries went. Safe to run
 * from several api instances at once (a file already gone is skipped).
 */
export async function sweepJobFiles(dataDir: string, ttlMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dirOf(dataDir));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dirOf(dataDir), name);
    try {
      if (now - (await stat(file)).mtimeMs <= ttlMs) continue;
      await rm(file, { recursive: true, force: true });
      const id = /^(.+?)\.job\.json$/.exec(name)?.[1];
      if (id) cache.delete(id);
      removed++;
    } catch { /* gone meanwhile */ }
  }
  return removed;
}
