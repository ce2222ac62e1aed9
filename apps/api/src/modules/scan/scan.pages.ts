/**
 * Uploaded files are decoded and recognised page by page in a thread of their own (scan.pages.thread.ts), never on
 * the event loop: a file is opened (its pages' pixel counts read from the headers, nothing decoded), checked
 * against the pixel budgets, then each page is decoded, recognised and answered, and the thread lets go of it.
 * One thread per process, started by the first file and restarted when it dies; requests wait their turn there.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SCAN_LIMITS } from '@jz/shared/api/scan';
import type { Raster } from './scan.engine.js';
import type { PageOutcome } from './scan.recognize.js';

export type PageRequest =
  | { op: 'open'; id: number; bytes: Uint8Array; layout: unknown; examSubjectId: number; maxPagePixels: number }
  | { op: 'page'; id: number; session: number; index: number; back: boolean }
  | { op: 'raster'; id: number; session: number; index: number }
  | { op: 'close'; id: number; session: number };
type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

export type PageReply = { id: number; ok: false; error: string; input: boolean } | ({ id: number; ok: true } & {
  pixels?: number[]; pdf?: boolean; raster?: Raster; outcome?: PageOutcome; blank?: boolean;
});

/** A file or page the engine refuses (corrupt, too large): the Chinese reason is the page's. */
export class PageInputError extends Error {}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (r: PageReply & { ok: true }) => void; reject: (e: Error) => void }>();

/** The thread's entry beside this module; from a bundle of the server (elsewhere), the workspace package's. */
function entry(): URL {
  const here = new URL('./scan.pages.worker.mjs', import.meta.url);
  return existsSync(fileURLToPath(here)) ? here : new URL(import.meta.resolve('@jz/api/src/modules/scan/scan.pages.worker.mjs'));
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(entry(), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  w.unref();
  w.on('message', (r: PageReply) => {
    const p = waiting.get(r.id);
    if (!p) return;
    waiting.delete(r.id);
    if (r.ok) p.resolve(r);
    else p.reject(r.input ? new PageInputError(r.error) : new Error(r.error));
  });
  const down = (e: Error) => {
    if (worker === w) worker = null;
    for (const [id, p] of waiting) { waiting.delete(id); p.reject(e); }
  };
  w.on('error', down);
  w.on('exit', (code) => down(new Error(`页面解码线程退出（${code}）`)));
  worker = w;
  return w;
}

function ask(body: Body<PageRequest>, transfer: ArrayBuffer[] = []): Promise<PageReply & { ok: true }> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    thread().postMessage({ ...body, id }, transfer);
  });
}

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** An opened file: its pages' pixel counts, then each page recognised or decoded on request; close it when done. */
export interface PageFile {
  pixels: number[];
  pdf: boolean;
  recognize(index: number, back: boolean): Promise<{ outcome: PageOutcome; blank: boolean }>;
  raster(index: number): Promise<Raster>;
  close(): Promise<void>;
}

/** Opens a file's bytes in the page thread (the bytes are copied there; the caller's stay). */
export async function openFile(bytes: Uint8Array, layout: unknown, examSubjectId: number, maxPagePixels: number = SCAN_LIMITS.pagePixels): Promise<PageFile> {
  const opened = await ask({ op: 'open', bytes, layout, examSubjectId, maxPagePixels });
  const session = opened.id;
  return {
    pixels: opened.pixels!, pdf: !!opened.pdf,
    async recognize(index, back) {
      const r = await ask({ op: 'page', session, index, back });
      const o = r.outcome!;
      return { outcome: { ...o, image: toBuffer(o.image), blocks: o.blocks.map((b) => ({ ...b, jpeg: toBuffer(b.jpeg) })) }, blank: !!r.blank };
    },
    async raster(index) { return (await ask({ op: 'raster', session, index })).raster!; },
    async close() { await ask({ op: 'close', session }).catch(() => undefined); },
  };
}

/** One page of a file decoded off the event loop (a blank card's page 1, a stored page image), with the page budget. */
export async function decodeOnePage(bytes: Uint8Array, index = 0, maxPagePixels: number = SCAN_LIMITS.pagePixels): Promise<Raster> {
  const f = await openFile(bytes, null, 0, maxPagePixels);
  try {
    if (index >= f.pixels.length) throw new PageInputError(`文件只有 ${f.pixels.length} 页，没有第 ${index + 1} 页`);
    return await f.raster(index);
  } finally {
    await f.close();
  }
}
