// Render job queues: the in-process queue (default) and BullMQ on Redis (when REDIS_URL is set): progress,
// results on disk, bad input failing at once with a Chinese message, and a worker killed mid-job (kill -9)
// whose job a second worker picks up (BullMQ stalled-job recovery, short lock / stalled intervals).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCardLayout, demoSlipData } from '@jz/report-templates';
import { createRenderQueue, createRenderWorker, redisConnection, type RenderQueue, type RenderWorker } from '../../apps/render-service/src/index.js';
import type { JobInfo } from '../../apps/render-service/src/jobs.js';
import { pdfInfo } from './docs.js';

const owner = { schoolId: 1, userId: 7 };
const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the job is completed or failed; records every progress value seen. */
async function waitDone(q: RenderQueue, id: string, timeoutMs = 90_000, seen: number[] = []): Promise<JobInfo> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const info = await q.get(id);
    if (info) seen.push(info.progress);
    if (info && (info.state === 'completed' || info.state === 'failed')) return info;
    if (Date.now() > end) throw new Error(`任务 ${id} 超时未完成：${JSON.stringify(info)}`);
    await sleep(40);
  }
}

/** A corrupt layout: the demo card with one anchor off the page. */
function corruptLayout() {
  const l = demoCardLayout();
  const p = l.pages[0];
  return { ...l, pages: [{ ...p, elements: p.elements.map((e, i) => (i === 0 ? { ...e, x: 300 } : e)) }] };
}

let dataDir: string;
beforeAll(() => { dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-queue-')); });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('in-process queue', () => {
  let q: RenderQueue;
  beforeAll(() => { q = createRenderQueue({ dataDir, slipChunk: 30 }); });
  afterAll(() => q.close());

  it('runs a slips job to completion with progress', async () => {
    expect(q.kind).toBe('in-process');
    const id = await q.add('slips', demoSlipData(90, 45), owner);
    const seen: number[] = [];
    const info = await waitDone(q, id, 90_000, seen);
    expect(info.error).toBeUndefined();
    expect(info).toMatchObject({ state: 'completed', progress: 100, owner, type: 'slips' });
    expect(seen.some((p) => p > 0 && p < 100), `进度：${[...new Set(seen)].join(',')}`).toBe(true);
    const file = await q.resultPath(id);
    expect(file).toBe(path.join(dataDir, 'files', 'jobs', `${id}.pdf`));
    expect(pdfInfo(file!)).toEqual({ pages: 90, widthPt: 595, heightPt: 842 });
  });

  it('fails a corrupt card layout at once with a Chinese message', async () => {
    const id = await q.add('card', { layout: corruptLayout() }, owner);
    const info = await waitDone(q, id);
    expect(info.state).toBe('failed');
    expect(info.error).toMatch(/^答题卡版式无效：.*超出 A4 页面范围/);
    expect(info.attempts).toBe(1);
    expect(await q.resultPath(id)).toBeNull();
  });

  it('writes an Excel export', async () => {
    const id = await q.add('excel', { sheets: [{ name: '成绩', columns: [{ header: '姓名' }, { header: '总分' }], rows: [['王子涵', 612], ['李浩然', 587.5]] }] }, owner);
    const info = await waitDone(q, id);
    expect(info.state).toBe('completed');
    expect(info.resultPath).toMatch(/\.xlsx$/);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(info.resultPath!);
    expect(wb.getWorksheet('成绩')!.getRow(3).values).toEqual([undefined, '李浩然', 587.5]);
  });

  it('refuses an unknown job type', async () => {
    await expect(q.add('video' as never, {}, owner)).rejects.toThrow('未知的任务类型');
  });
});

describe.runIf(process.env.REDIS_URL)('BullMQ queue (REDIS_URL)', () => {
  const redisUrl = process.env.REDIS_URL!;
  const queueName = `jz-render-test-${process.pid}-${Date.now()}`;
  const timing = { lockDuration: 2000, stalledInterval: 1000 };
  let q: RenderQueue;
  const workers: RenderWorker[] = [];
  const children: ChildProcess[] = [];

  beforeAll(() => { q = createRenderQueue({ redisUrl, dataDir, queueName, backoffMs: 200 }); });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const w of workers) await w.close();
    await q?.close();
    const conn = redisConnection(redisUrl);
    const raw = new Queue(queueName, { connection: conn });
    await raw.obliterate({ force: true }).catch(() => undefined);
    await raw.close();
    const leftovers = await conn.keys(`bull:${queueName}:*`); // our own :jz metadata keys
    if (leftovers.length) await conn.del(...leftovers);
    await conn.quit();
  });

  it('runs a job in a worker and reports progress and the file', async () => {
    expect(q.kind).toBe('bullmq');
    workers.push(createRenderWorker({ redisUrl, dataDir, queueName, slipChunk: 10, ...timing }));
    const id = await q.add('slips', demoSlipData(30, 30), owner);
    const seen: number[] = [];
    const info = await waitDone(q, id, 90_000, seen);
    expect(info.error).toBeUndefined();
    expect(info).toMatchObject({ state: 'completed', progress: 100, owner, type: 'slips' });
    expect(pdfInfo((await q.resultPath(id))!).pages).toBe(30);
  });

  it('fails a corrupt card layout without retrying, with a Chinese message', async () => {
    const id = await q.add('card', { layout: corruptLayout() }, owner);
    const info = await waitDone(q, id);
    expect(info.state).toBe('failed');
    expect(info.error).toMatch(/^答题卡版式无效：/);
    expect(info.attempts).toBe(1);
  });

  it('a worker killed mid-job (kill -9): a second worker picks the job up and completes it', async () => {
    // stop the in-test worker so the child process is the only one taking jobs
    while (workers.length) await workers.pop()!.close();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/render-service/src/worker.ts')], {
      cwd: root,
      env: { ...process.env, REDIS_URL: redisUrl, DATA_DIR: dataDir, RENDER_QUEUE: queueName, RENDER_SLIP_CHUNK: '10',
        RENDER_LOCK_MS: String(timing.lockDuration), RENDER_STALLED_MS: String(timing.stalledInterval) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let log = '';
    child.stdout!.on('data', (d) => { log += d; });
    child.stderr!.on('data', (d) => { log += d; });
    for (let i = 0; !log.includes('已启动'); i++) {
      if (i > 600 || child.exitCode !== null) throw new Error(`工作进程未能启动：${log}`);
      await sleep(50);
    }

    const id = await q.add('slips', demoSlipData(120, 40), owner);
    // wait until the child has the job and has printed at least one chunk
    for (let i = 0; ; i++) {
      const info = await q.get(id);
      if (info?.state === 'active' && info.progress > 5) break;
      if (i > 1500) throw new Error(`子进程未开始任务：${JSON.stringify(info)} ${log}`);
      await sleep(20);
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const before = await q.get(id);
    expect(before?.state).toBe('active'); // still locked by the dead worker

    workers.push(createRenderWorker({ redisUrl, dataDir, queueName, slipChunk: 40, ...timing }));
    const info = await waitDone(q, id, 120_000);
    expect(info.error).toBeUndefined();
    expect(info.state).toBe('completed');
    const file = (await q.resultPath(id))!;
    expect(existsSync(file)).toBe(true);
    expect(pdfInfo(file).pages).toBe(120);
  });
});
