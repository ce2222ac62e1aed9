/**
 * Benchmark of the recognition engine: A4 answer cards at 200 dpi, greyscale JPEG, decoded with
 * sharp and recognised, on one core (sharp.concurrency(1); the loop is sequential).
 * The sheets are the product's own cards as a school prints them: the demo 语文 card and the objective-heavy
 * card of the synthetic set, printed by the render service (Chromium → PDF → mupdf at 200 dpi), filled by the
 * seeded generator (packages/omr/src/synth) as a typical stack: clear pencil or pen marks, a few questions left
 * blank, light skew, one in four upside down, white paper, JPEG quality 80. The files are decoded with
 * targetDpi 100 as the scanning job does (OMR_BENCH_DPI to change it): the JPEG decoder shrinks by 2 while decoding.
 * Every reading is judged against the drawn truth: ok:false on any wrong or doubtful reading, as these sheets hold
 * no hard case (the hard cases are the 10,000-sheet omr-synthetic benchmark's).
 * Run: node --import tsx scripts/bench/omr.bench.ts
 * Prints {"name":"omr_sheets_per_s",...} (higher is better: ok when ≥ 30) with the decode-only time beside it.
 * Timing is CPU time of the process (user + system, libvips' thread included): 6 batches of 40 sheets after a
 * warm-up; the figure is the median batch, the best batch and wall time printed beside it. On a shared machine
 * CPU time still grows with contention (caches, hyper-threads): load average is printed too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import '../../apps/render-service/src/production-env.js';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { decodeImage } from '../../packages/omr/src/decode.js';
import { recognizeSheet } from '../../packages/omr/src/recognize.js';
import { synthCards } from '../../packages/omr/src/synth/cards.js';
import type { DistortionRanges } from '../../packages/omr/src/synth/generate.js';
import { judgeSheet } from '../../packages/omr/src/synth/judge.js';
import { makeScan, type Scan } from '../../packages/omr/src/synth/scan.js';
import type { PlanRates } from '../../packages/omr/src/synth/plan.js';
import type { SheetTemplate } from '../../packages/omr/src/types.js';
import { loadBlank, printBlanks } from '../../tests/helpers/card-blanks.js';
import { printBench } from './result.js';

sharp.concurrency(1);
const LIMIT = 30;
const BATCH = 40;
const BATCHES = 6;
const SHEETS = 8;
const DPI = Number(process.env.OMR_BENCH_DPI ?? 100);

/** A typical stack: clear marks only (a few questions left blank), no 缺考. */
const TYPICAL: PlanRates = {
  questions: { clear: 0.95, blank: 0.05 },
  admission: { clear: 1 },
  absent: { marked: 0, faint: 0, erased: 0 },
  pen: 0.12,
};
/** A document scanner at 200 dpi on white paper: light skew, a quarter upside down, mild noise. */
const SCANNER: DistortionRanges = {
  rotate180: 0.25, skewDeg: 2, scale: [1, 1], minDpi: 200, maxDpi: 200, marginMm: [1, 4], backing: [200, 255],
  grey: 0, greyPaper: [238, 255], photocopy: 0, gamma: [1, 1], specks: [0, 0], blur: 0.3, blurPx: [0.5, 0.8],
  noise: [1, 4], jpegQuality: [80, 80],
};

const r1 = (v: number) => Math.round(v * 10) / 10;
const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-omr-bench-'));
const sheets: { scan: Scan; template: SheetTemplate }[] = [];
try {
  const cards = synthCards();
  const printer = createPrinter();
  try {
    await printBlanks(printer, cards, [200], dir);
  } finally {
    await printer.close();
  }
  for (let i = 0; i < SHEETS; i++) {
    const card = i % 2 === 0 ? 'demo' : 'objective';
    const template = templateFromCard(cards[card], 0);
    sheets.push({ scan: await makeScan(loadBlank(dir, card, 1, 200), template, 500 + i, { rates: TYPICAL, distortion: SCANNER }), template });
  }
} catch (e) {
  printBench({ name: 'omr_sheets_per_s', value: null, unit: 'sheets/s', limit: LIMIT, ok: false, reason: `无法打印答题卡（需要 Chromium）：${(e as Error).message}` });
  process.exit(0);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

let wrong = 0;
const wrongSheets = new Set<number>();
async function one(k: number) {
  const i = k % sheets.length;
  const { scan, template } = sheets[i];
  const [raster] = await decodeImage(scan.jpeg, { targetDpi: DPI });
  const result = recognizeSheet(raster, template);
  const v = judgeSheet(scan.truth, result, template, { pixelScale: raster.width / scan.width });
  if (v.rejected || !v.rotationRight || v.groups.some((g) => g.outcome !== 'right')) {
    wrong++;
    wrongSheets.add(i);
  }
}

const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
async function batches(run: (k: number) => Promise<unknown>) {
  for (let k = 0; k < 16; k++) await run(k); // warm-up
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    for (let k = 0; k < BATCH; k++) await run(k);
    cpu.push(cpuMs(process.cpuUsage(c0)) / BATCH);
    wall.push((performance.now() - w0) / BATCH);
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  return { cpu: med(cpu), best: Math.min(...cpu), wall: med(wall) };
}

const load = os.loadavg()[0];
const decodeOnly = await batches((k) => decodeImage(sheets[k % sheets.length].scan.jpeg, { targetDpi: DPI }));
const full = await batches(one);
const rate = 1000 / full.cpu;
printBench({
  name: 'omr_sheets_per_s', value: r1(rate), unit: 'sheets/s', limit: LIMIT, ok: rate >= LIMIT && wrong === 0,
  ms_per_sheet: r1(full.cpu), decode_ms: r1(decodeOnly.cpu), recognize_ms: r1(full.cpu - decodeOnly.cpu),
  best_sheets_per_s: r1(1000 / full.best), wall_sheets_per_s: r1(1000 / full.wall), decode_wall_ms: r1(decodeOnly.wall),
  jpeg_kb: Math.round(sheets.reduce((a, s) => a + s.scan.jpeg.length, 0) / sheets.length / 1024),
  wrong_readings: wrong, wrong_sheets: [...wrongSheets].map((i) => 500 + i), load_avg: r1(load), cores: os.cpus().length,
});
