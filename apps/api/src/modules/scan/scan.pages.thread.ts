/**
 * The page thread: opens an uploaded file, answers its pages' pixel counts from the headers, then decodes and
 * recognises one page at a time on request. Pixels never reach the api's event loop; the thread holds the file's
 * bytes and one page's raster at a time (libvips keeps no cache here: a decoded page is released at once).
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { openPageSource, type PageSource } from '@jz/omr/page-source';
import { OmrInputError } from '@jz/omr/errors';
import { isBlank, recognizePage } from './scan.recognize.js';
import type { PageRequest, PageReply } from './scan.pages.js';

sharp.cache(false);

// The thread yields the CPU to the api's requests: on Linux a thread's nice value is its own (setpriority on its
// thread id), so a batch of a thousand pages runs at the lowest priority while every school's requests keep theirs.
try {
  os.setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // not Linux, or not allowed: the thread runs at the process's priority
}

interface Session { source: PageSource; bytes: Uint8Array; layout: unknown; examSubjectId: number }
const sessions = new Map<number, Session>();

const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/**
 * The file's bytes when they may be kept as the page image: a one-page greyscale or colour JPEG decoded at its
 * own size, without an EXIF turn (a browser would show it turned while the rectangles are of the raw pixels).
 */
async function storedAsIs(s: Session, r: { width: number; height: number; fileWidth?: number; fileHeight?: number }): Promise<Buffer | undefined> {
  if (s.source.pixels.length !== 1 || !isJpeg(s.bytes)) return undefined;
  if ((r.fileWidth ?? r.width) !== r.width || (r.fileHeight ?? r.height) !== r.height) return undefined;
  const meta = await sharp(s.bytes).metadata().catch(() => null);
  return meta && meta.width === r.width && meta.height === r.height && (meta.orientation ?? 1) === 1 ? Buffer.from(s.bytes) : undefined;
}

async function handle(m: PageRequest): Promise<PageReply> {
  if (m.op === 'open') {
    const source = await openPageSource(m.bytes, { targetDpi: 200, maxPagePixels: m.maxPagePixels });
    sessions.set(m.id, { source, bytes: m.bytes, layout: m.layout, examSubjectId: m.examSubjectId });
    return { id: m.id, ok: true, pixels: source.pixels, pdf: source.kind === 'pdf' };
  }
  if (m.op === 'close') {
    sessions.get(m.session)?.source.close();
    sessions.delete(m.session);
    return { id: m.id, ok: true };
  }
  const s = sessions.get(m.session);
  if (!s) throw new Error('page session closed');
  const raster = await s.source.decode(m.index);
  if (m.op === 'raster') return { id: m.id, ok: true, raster };
  const source = await storedAsIs(s, raster);
  let outcome;
  try {
    outcome = await recognizePage(raster, s.layout, s.examSubjectId, { source });
  } catch (e) {
    console.error(e);
    return { id: m.id, ok: false, error: '识别失败：图像无法处理，请重新扫描', input: true };
  }
  return { id: m.id, ok: true, outcome, blank: m.back && outcome.intrinsicKind === 'anchor' ? isBlank(raster) : false };
}

parentPort!.on('message', (m: PageRequest) => {
  handle(m).then(
    (reply) => parentPort!.postMessage(reply),
    (e: unknown) => parentPort!.postMessage({ id: m.id, ok: false, error: e instanceof Error ? e.message : String(e), input: e instanceof OmrInputError } satisfies PageReply),
  );
});
