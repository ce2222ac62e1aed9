/**
 * Synthetic answer-sheet set (issue 10 §5): the synthetic set's cards printed by the render service (Chromium →
 * PDF → mupdf at 150/200/300 dpi), filled and scanned by the seeded generator (packages/omr/src/synth: pencil,
 * pen, partial, faint, tick, erasure, stray, two marks; skew ±5°, 180°, scale, shift, grey paper, blur,
 * photocopy, noise, JPEG), then decoded and recognised, every sheet judged against its truth.
 * Run: node --import tsx scripts/bench/omr-synthetic.bench.ts   (OMR_SYNTH_SHEETS, default 10000; OMR_SYNTH_FIRST_SEED,
 * default 1; OMR_SYNTH_WORKERS generator threads, default one per core: the main thread's decode + recognise is a small share;
 * OMR_SYNTH_DECODE_DPI, default 100 as the scanning job decodes, 0 = full resolution)
 * JSON lines: silent errors (limit 0, with the confusion figures and the silent cases), clear-mark accuracy
 * (limit 1), sheets/s of decode + recognise on the main thread (decode-only beside it). A run that cannot print
 * or stops early reports ok:false.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import '../../apps/render-service/src/production-env.js';
import { describeChromium } from '../../apps/render-service/src/browser.js';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import { decodeImage } from '../../packages/omr/src/decode.js';
import { recognizeSheet } from '../../packages/omr/src/recognize.js';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { pageBitsOf, synthCards, SYNTH_DPIS, type SheetPick } from '../../packages/omr/src/synth/cards.js';
import { Confusion, judgeSheet } from '../../packages/omr/src/synth/judge.js';
import { productDecode } from '../../packages/omr/src/synth/scan.js';
import type { SheetTruth } from '../../packages/omr/src/synth/types.js';
import type { SheetTemplate } from '../../packages/omr/src/types.js';
import { printBlanks } from '../../tests/helpers/card-blanks.js';

const SHEETS = Number(process.env.OMR_SYNTH_SHEETS ?? 10_000);
const FIRST = Number(process.env.OMR_SYNTH_FIRST_SEED ?? 1);
const WORKERS = Math.max(1, Number(process.env.OMR_SYNTH_WORKERS ?? os.availableParallelism()));
const MIN_SHEETS = 10_000;
const decode = productDecode();

type Made = { seed: number; pick: SheetPick; truth: SheetTruth; width: number; jpeg: Uint8Array } | { seed: number; error: string };

const line = (o: Record<string, unknown>) => console.log(JSON.stringify(o));
function failed(reason: string) {
  for (const [name, unit, limit] of [['omr_synthetic_silent_errors', 'count', 0], ['omr_synthetic_clear_accuracy', 'ratio', 1], ['omr_synthetic_sheets_per_s', 'sheets/s', null]] as const) {
    line({ name, value: null, unit, limit, ok: false, reason });
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-omr-synth-bench-'));
const cards = synthCards();
const templates = new Map<string, SheetTemplate>();
const templateOf = (p: SheetPick) => {
  const key = `${p.card}-${p.page}`;
  if (!templates.has(key)) templates.set(key, templateFromCard(cards[p.card], p.page - 1));
  return templates.get(key)!;
};
const workers: Worker[] = [];
try {
  // ---- blanks from the real print path ---------------------------------------------------------------
  let browser = '';
  try {
    const printer = createPrinter();
    try {
      await printBlanks(printer, cards, [...SYNTH_DPIS], dir);
      browser = describeChromium(printer.browser()!);
    } finally {
      await printer.close();
    }
  } catch (e) {
    throw new Error(`无法打印空白答题卡（需要 Chromium）：${(e as Error).message}`, { cause: e });
  }

  // ---- generate in workers, decode + recognise here ----------------------------------------------------
  const confusion = new Confusion();
  let decodeMs = 0;
  let recognizeMs = 0;
  let done = 0;
  let next = FIRST;
  const end = FIRST + SHEETS;
  const t0 = performance.now();
  const load0 = os.loadavg()[0];
  await new Promise<void>((resolve, reject) => {
    const queue: Made[] = [];
    let busy = false;
    const pump = async () => {
      if (busy) return;
      busy = true;
      try {
        while (queue.length) {
          const m = queue.shift()!;
          if ('error' in m) throw new Error(`生成第 ${m.seed} 张失败：${m.error}`);
          const template = templateOf(m.pick);
          const a = performance.now();
          const [raster] = await decodeImage(m.jpeg, decode);
          const b = performance.now();
          const result = recognizeSheet(raster, template);
          const c = performance.now();
          decodeMs += b - a;
          recognizeMs += c - b;
          confusion.add(judgeSheet(m.truth, result, template, { pageBits: pageBitsOf(cards[m.pick.card], m.pick.page), pixelScale: raster.width / m.width }), m.truth);
          if (++done % 500 === 0) process.stderr.write(`${done}/${SHEETS} sheets, ${((performance.now() - t0) / 1000).toFixed(0)} s, silent errors ${confusion.silentErrors}\n`);
          if (done === SHEETS) resolve();
        }
      } catch (e) {
        reject(e);
      } finally {
        busy = false;
      }
    };
    for (let w = 0; w < WORKERS; w++) {
      const worker = new Worker(new URL('./omr-synthetic.worker.mjs', import.meta.url), { workerData: { dir } });
      workers.push(worker);
      worker.on('error', reject);
      worker.on('message', (m: Made) => {
        queue.push(m);
        if (next < end) worker.postMessage(next++);
        void pump();
      });
      // two sheets in flight per worker: one being made, one waiting
      for (let i = 0; i < 2 && next < end; i++) worker.postMessage(next++);
    }
  });
  const wallS = (performance.now() - t0) / 1000;

  const s = confusion.summary();
  const ran = done === SHEETS && SHEETS >= MIN_SHEETS;
  const common = { sheets: done, first_seed: FIRST, browser, workers: WORKERS, wall_s: Math.round(wallS), load: `${load0.toFixed(2)}→${os.loadavg()[0].toFixed(2)}` };
  console.error(confusion.table());
  line({
    name: 'omr_synthetic_silent_errors', value: s.silent_errors, unit: 'count', limit: 0, ok: ran && s.silent_errors === 0, ...common,
    ...(SHEETS < MIN_SHEETS ? { reason: `只运行了 ${SHEETS} 张（至少 ${MIN_SHEETS} 张）` } : {}),
    rejected: confusion.rejected.slice(0, 20), wrong_rotation: confusion.wrongRotation.slice(0, 20), false_flag_rate: s.false_flag_rate,
    confusion: { by_expect: s.by_expect, by_scenario: s.by_scenario, by_kind: s.by_kind, darkness_quantiles: s.darkness_quantiles },
    silent_cases: confusion.silent.slice(0, 100),
  });
  line({
    name: 'omr_synthetic_clear_accuracy', value: s.clear_accuracy, unit: 'ratio', limit: 1, ok: ran && s.clear_accuracy >= 1, ...common,
    clear_groups: s.clear_groups, clear_wrong: confusion.clearWrong.slice(0, 50), max_transform_error_px: s.max_transform_error_px,
  });
  line({
    name: 'omr_synthetic_sheets_per_s', value: Math.round((done / ((decodeMs + recognizeMs) / 1000)) * 10) / 10, unit: 'sheets/s', limit: null, ok: ran, ...common,
    decode_ms_per_sheet: +(decodeMs / done).toFixed(1), recognize_ms_per_sheet: +(recognizeMs / done).toFixed(1),
    dpi_mix: SYNTH_DPIS.join('/'), decode_target_dpi: decode.targetDpi ?? 'full',
  });
} catch (e) {
  failed(`运行中断：${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await Promise.all(workers.map((w) => w.terminate()));
  rmSync(dir, { recursive: true, force: true });
}
