/**
 * Benchmark of the recognition engine (issue 10 §6): A4 answer cards at 200 dpi, greyscale JPEG, decoded with
 * sharp and recognised, on one core (sharp.concurrency(1); the loop is sequential). The files are decoded with
 * targetDpi 100 (OMR_BENCH_DPI to change it): the JPEG decoder shrinks by 2 while decoding, which is how the
 * scanning job should call decodeImage for recognition (blocks are then scaled back with blocksInFilePixels).
 * Run: node --import tsx scripts/bench/omr.bench.ts
 * Prints {"name":"omr_sheets_per_s",...} (higher is better: ok when ≥ 30) with the decode-only time beside it.
 * The sheets are drawn by packages/omr/src/testing/synth.ts from the demo card (seeded answers, light paper
 * grain, skew up to ±2°, one in four upside down) and JPEG-encoded at quality 80; every reading is checked
 * against the drawn answers (ok:false on any wrong or doubtful reading).
 * Timing is CPU time of the process (user + system, libvips' thread included): 6 batches of 40 sheets after a
 * warm-up; the figure is the median batch, the best batch and wall time printed beside it. On a shared machine
 * CPU time still grows with contention (caches, hyper-threads): load average is printed too.
 */
import os from 'node:os';
import sharp from 'sharp';
import { decodeImage, recognizeSheet } from '../../packages/omr/src/index.js';
import { demoCard, fillsFor, randomAnswers, type Answers } from '../../packages/omr/src/testing/fixtures.js';
import { drawSheet } from '../../packages/omr/src/testing/synth.js';

sharp.concurrency(1);
const LIMIT = 30;
const BATCH = 40;
const BATCHES = 6;
const DPI = Number(process.env.OMR_BENCH_DPI ?? 100);

const card = demoCard(0);
const t = card.template;
const sheets: { jpg: Buffer; answers: Answers }[] = [];
for (let i = 0; i < 8; i++) {
  const answers = randomAnswers(t, 500 + i);
  const { raster } = drawSheet(t, {
    dpi: 200, bits: card.bits, textAreas: card.textAreas, fills: fillsFor(t, answers, 0.6 + 0.05 * i), noise: 3, seed: i,
    skewDeg: ((i % 5) - 2), rotation: i % 4 === 3 ? 180 : 0,
  });
  const jpg = await sharp(Buffer.from(raster.data), { raw: { width: raster.width, height: raster.height, channels: 1 } })
    .toColourspace('b-w').withDensity(200).jpeg({ quality: 80 }).toBuffer();
  sheets.push({ jpg, answers });
}

let wrong = 0;
async function one(k: number) {
  const s = sheets[k % sheets.length];
  const [raster] = await decodeImage(s.jpg, { targetDpi: DPI });
  const r = recognizeSheet(raster, t);
  if (r.status !== 'ok' || r.admission?.value !== s.answers.admission || r.questions.some((q) => q.doubt || q.marked.join() !== s.answers.questions[q.id].join())) wrong++;
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
const decodeOnly = await batches((k) => decodeImage(sheets[k % sheets.length].jpg, { targetDpi: DPI }));
const full = await batches(one);
const rate = 1000 / full.cpu;
const r1 = (v: number) => Math.round(v * 10) / 10;
console.log(JSON.stringify({
  name: 'omr_sheets_per_s', value: r1(rate), unit: 'sheets/s', limit: LIMIT, ok: rate >= LIMIT && wrong === 0,
  ms_per_sheet: r1(full.cpu), decode_ms: r1(decodeOnly.cpu), recognize_ms: r1(full.cpu - decodeOnly.cpu),
  best_sheets_per_s: r1(1000 / full.best), wall_sheets_per_s: r1(1000 / full.wall), decode_wall_ms: r1(decodeOnly.wall),
  jpeg_kb: Math.round(sheets.reduce((a, s) => a + s.jpg.length, 0) / sheets.length / 1024), wrong_readings: wrong,
  load_avg: r1(load), cores: os.cpus().length,
}));
