/**
 * Synthetic answer-sheet set: the synthetic set's cards printed by the render service (Chromium →
 * PDF → mupdf at 150/200/300 dpi, each page once per dpi, kept as raw blanks for the run), filled and scanned by
 * the seeded generator (packages/omr/src/synth: pencil, pen, partial, faint, tick, erasure, stray, two marks;
 * skew ±5°, 180°, scale, shift, grey paper, blur, photocopy, noise, JPEG), then decoded and recognised as the
 * scanning job does, every sheet judged against its truth. Each worker thread makes, reads and judges whole
 * sheets; the main thread only counts.
 * Run: node --import tsx scripts/bench/omr-synthetic.bench.ts   (OMR_SYNTH_SHEETS, default 10000; OMR_SYNTH_FIRST_SEED,
 * default 1; OMR_SYNTH_WORKERS, default one per core; OMR_SYNTH_DECODE_DPI, default 100 as the scanning job
 * decodes, 0 = full resolution; OMR_SYNTH_BLANKS, a folder written by printBlanks to reuse instead of printing,
 * for runs over seed ranges while working on the engine; OMR_SYNTH_CASES, a file to append every silent case to
 * as a JSON line with all its figures; OMR_SYNTH_DUMP, a file to append each sheet's darkness figures and truth to,
 * to try decision rules on without making the sheets again)
 * JSON lines: silent errors (limit 0, with the confusion figures and the silent cases), clear-mark accuracy
 * (limit 1), sheets/s over the whole run (wall clock, all threads). A run that cannot print, stops early (SIGINT/
 * SIGTERM print the figures so far) or has fewer than 10,000 sheets reports ok:false.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import '../../apps/render-service/src/production-env.js';
import { describeChromium } from '../../apps/render-service/src/browser.js';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import { synthCards, SYNTH_DPIS, type SheetPick } from '../../packages/omr/src/synth/cards.js';
import { Confusion, type SheetVerdict } from '../../packages/omr/src/synth/judge.js';
import { productDecode } from '../../packages/omr/src/synth/scan.js';
import type { SheetTruth } from '../../packages/omr/src/synth/types.js';
import { printBlanks } from '../../tests/helpers/card-blanks.js';
import { printBench, type BenchLine } from './result.js';

const SHEETS = Number(process.env.OMR_SYNTH_SHEETS ?? 10_000);
const FIRST = Number(process.env.OMR_SYNTH_FIRST_SEED ?? 1);
const WORKERS = Math.max(1, Number(process.env.OMR_SYNTH_WORKERS ?? os.availableParallelism()));
const REUSE = process.env.OMR_SYNTH_BLANKS;
const MIN_SHEETS = 10_000;

type Done = {
  seed: number; verdict: SheetVerdict; truth: Pick<SheetTruth, 'groups' | 'absent'>; makeMs: number; decodeMs: number; recognizeMs: number;
  dump?: unknown;
  silent?: { pick: SheetPick; threshold: Record<string, number | boolean> | null; distortion: unknown };
};
type Made = Done | { seed: number; error: string };

const line = (o: BenchLine) => printBench(o);
function failed(reason: string) {
  for (const [name, unit, limit] of [['omr_synthetic_silent_errors', 'count', 0], ['omr_synthetic_clear_accuracy', 'ratio', 1], ['omr_synthetic_sheets_per_s', 'sheets/s', null]] as const) {
    line({ name, value: null, unit, limit, ok: false, reason });
  }
}

const dir = REUSE ?? mkdtempSync(path.join(os.tmpdir(), 'jz-omr-synth-bench-'));
const workers: Worker[] = [];
try {
  // ---- blanks from the real print path, once per card page and dpi -------------------------------------
  const tp = performance.now();
  let browser = 'reused blanks';
  if (!REUSE) {
    try {
      const printer = createPrinter();
      try {
        await printBlanks(printer, synthCards(), [...SYNTH_DPIS], dir);
        browser = describeChromium(printer.browser()!);
      } finally {
        await printer.close();
      }
    } catch (e) {
      throw new Error(`无法打印空白答题卡（需要 Chromium）：${(e as Error).message}`, { cause: e });
    }
  }
  const printS = (performance.now() - tp) / 1000;

  // ---- make, read and judge in the workers; count here ------------------------------------------------
  const confusion = new Confusion();
  const ms = { make: 0, decode: 0, recognize: 0 };
  let groups = 0;
  let flagged = 0;
  let done = 0;
  let next = FIRST;
  const end = FIRST + SHEETS;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const load0 = os.loadavg()[0];
  let stopped = false;
  await new Promise<void>((resolve, reject) => {
    // stopped by a signal: print the figures so far (ok:false) rather than nothing
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => { stopped = true; resolve(); });
    const take = (m: Made) => {
      if ('error' in m) throw new Error(`第 ${m.seed} 张失败：${m.error}`);
      confusion.add(m.verdict, m.truth as SheetTruth);
      ms.make += m.makeMs; ms.decode += m.decodeMs; ms.recognize += m.recognizeMs;
      groups += m.verdict.groups.length;
      flagged += m.verdict.groups.filter((g) => g.doubt).length;
      if (m.silent) {
        for (const g of m.verdict.groups.filter((x) => x.outcome === 'silent')) {
          const c = { seed: m.seed, ...m.silent.pick, group: g.id, role: g.role, scenario: g.scenario, meant: g.intended, read: g.read, bubbles: g.bubbles, threshold: m.silent.threshold, distortion: m.silent.distortion };
          // as found, so a long run stopped early still tells them
          if (process.env.OMR_SYNTH_CASES) appendFileSync(process.env.OMR_SYNTH_CASES, `${JSON.stringify(c)}\n`);
        }
      }
      if (process.env.OMR_SYNTH_DUMP && m.dump) appendFileSync(process.env.OMR_SYNTH_DUMP, `${JSON.stringify(m.dump)}\n`);
      if (++done % 100 === 0) process.stderr.write(`${done}/${SHEETS} sheets, ${((performance.now() - t0) / 1000).toFixed(0)} s, silent errors ${confusion.silentErrors}\n`);
      if (done === SHEETS) resolve();
    };
    for (let w = 0; w < WORKERS; w++) {
      const worker = new Worker(new URL('./omr-synthetic.worker.mjs', import.meta.url), { workerData: { dir, dump: !!process.env.OMR_SYNTH_DUMP } });
      workers.push(worker);
      worker.on('error', reject);
      worker.on('message', (m: Made) => {
        try {
          take(m);
        } catch (e) {
          reject(e);
          return;
        }
        if (next < end) worker.postMessage(next++);
      });
      // two sheets in flight per worker: the next one waits while this one's JPEG is encoded or decoded
      for (let i = 0; i < 2 && next < end; i++) worker.postMessage(next++);
    }
  });
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // CPU time of all the process's threads: what the run costs whatever else loads the machine
  const cpuS = (cpu.user + cpu.system) / 1e6;

  const s = confusion.summary();
  const ran = !stopped && done === SHEETS && SHEETS >= MIN_SHEETS && !REUSE;
  const common = {
    sheets: done, first_seed: FIRST, dpi_mix: SYNTH_DPIS.join('/'), browser, workers: WORKERS, cpus: os.availableParallelism(),
    wall_s: Math.round(wallS), cpu_s: Math.round(cpuS), cpu_ms_per_sheet: Math.round((cpuS * 1000) / Math.max(1, done)), print_s: Math.round(printS), load: `${load0.toFixed(2)}→${os.loadavg()[0].toFixed(2)}`,
    ...(stopped ? { reason: `被中止：只完成了 ${done} 张` } : SHEETS < MIN_SHEETS ? { reason: `只运行了 ${SHEETS} 张（至少 ${MIN_SHEETS} 张）` } : REUSE ? { reason: '使用了已有的空白卡（未经打印服务）' } : {}),
  };
  // false flags on clear questions alone: a doubtful 考号 sends all its columns to a person, which dominates the rest
  const qc = ['question:clear', 'question:blank'].map((k) => confusion.byScenario[k] ?? { right: 0, 'flagged-right': 0, 'flagged-wrong': 0, silent: 0 });
  const qcFlagged = qc.reduce((a, c) => a + c['flagged-right'] + c['flagged-wrong'], 0);
  const qcAll = qc.reduce((a, c) => a + c.right + c['flagged-right'] + c['flagged-wrong'] + c.silent, 0);
  const doubt = { groups, flagged, doubt_rate: +(flagged / groups).toFixed(4), false_flag_rate: s.false_flag_rate, clear_question_false_flag_rate: +(qcFlagged / Math.max(1, qcAll)).toFixed(5) };
  console.error(confusion.table());
  console.error(`doubt rate ${(doubt.doubt_rate * 100).toFixed(2)}% of ${groups} groups, false flags on clear questions ${(doubt.clear_question_false_flag_rate * 100).toFixed(3)}%; ${wallS.toFixed(0)} s for ${done} sheets (${cpuS.toFixed(0)} CPU s)`);
  line({
    name: 'omr_synthetic_silent_errors', value: s.silent_errors, unit: 'count', limit: 0, ok: ran && s.silent_errors === 0, ...common, ...doubt,
    rejected: confusion.rejected.slice(0, 20), wrong_rotation: confusion.wrongRotation.slice(0, 20),
    confusion: { by_expect: s.by_expect, by_scenario: s.by_scenario, by_kind: s.by_kind, darkness_quantiles: s.darkness_quantiles },
    silent_cases: confusion.silent.slice(0, 100),
  });
  line({
    name: 'omr_synthetic_clear_accuracy', value: s.clear_accuracy, unit: 'ratio', limit: 1, ok: ran && s.clear_accuracy >= 1, ...common,
    clear_groups: s.clear_groups, clear_wrong: confusion.clearWrong.slice(0, 50), max_transform_error_px: s.max_transform_error_px,
  });
  line({
    name: 'omr_synthetic_sheets_per_s', value: Math.round((done / wallS) * 10) / 10, unit: 'sheets/s', limit: null, ok: ran, ...common,
    make_ms_per_sheet: +(ms.make / done).toFixed(1), decode_ms_per_sheet: +(ms.decode / done).toFixed(1), recognize_ms_per_sheet: +(ms.recognize / done).toFixed(1),
    decode_target_dpi: productDecode().targetDpi ?? 'full',
  });
} catch (e) {
  failed(`运行中断：${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await Promise.all(workers.map((w) => w.terminate()));
  if (!REUSE) rmSync(dir, { recursive: true, force: true });
}
