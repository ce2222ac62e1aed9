// Worker of omr-synthetic.bench.ts: makes each sheet the main thread asks for (seeded generator on the printed
// blank, JPEG) and reads it as the scanning job would (decode shrunk on load, recognise), then judges it against
// its truth. Only the verdict goes back, so the whole cost of a sheet is spread over the threads.
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { pageBitsOf, pickSheet, synthCards } from '../../packages/omr/src/synth/cards.js';
import { makeScan, productDecode, readScan } from '../../packages/omr/src/synth/scan.js';
import { learnThreshold } from '../../packages/omr/src/threshold.js';
import type { BlankPage } from '../../packages/omr/src/synth/types.js';
import type { SheetResult, SheetTemplate } from '../../packages/omr/src/types.js';
import { loadBlank } from '../../tests/helpers/card-blanks.js';
import { dumpOf } from '../omr/dump.js';

// one libvips thread per worker: the workers already fill the cores
sharp.concurrency(1);
const { dir, dump } = workerData as { dir: string; dump: boolean };
const cards = synthCards();
const decode = productDecode();
const blanks = new Map<string, BlankPage>();
const templates = new Map<string, SheetTemplate>();
const cached = <T>(m: Map<string, T>, key: string, make: () => T) => (m.has(key) ? m.get(key)! : m.set(key, make()).get(key)!);

/** The sheet's threshold figures, learnt again from the darkness the result reports (as recognize.ts does). */
function thresholdOf(r: SheetResult) {
  if (r.status !== 'ok') return null;
  const values = [...r.questions.flatMap((q) => q.darkness), ...(r.admission?.digits ?? []).flatMap((d) => d.darkness), ...(r.absent ? [r.absent.darkness] : [])];
  const th = learnThreshold(values);
  const n = (v: number) => Math.round(v * 1000) / 1000;
  return { t: n(th.t), empty: n(th.empty), mark: n(th.mark), emptySpread: n(th.emptySpread), emptyNoise: n(th.emptyNoise), margin: n(th.margin), learnt: th.learnt };
}

parentPort!.on('message', async (seed: number) => {
  try {
    const pick = pickSheet(seed);
    const blank = cached(blanks, `${pick.card}-${pick.page}-${pick.dpi}`, () => loadBlank(dir, pick.card, pick.page, pick.dpi));
    const template = cached(templates, `${pick.card}-${pick.page}`, () => templateFromCard(cards[pick.card], pick.page - 1));
    const t0 = performance.now();
    const scan = await makeScan(blank, template, seed);
    const t1 = performance.now();
    const { result, verdict, decodeMs, recognizeMs } = await readScan(scan, template, { pageBits: pageBitsOf(cards[pick.card], pick.page), decode });
    // figures for a person to judge a wrong reading: every bubble's darkness and the sheet's threshold
    const silent = verdict.groups.some((g) => g.outcome === 'silent') ? { pick, threshold: thresholdOf(result), distortion: scan.truth.distortion } : undefined;
    parentPort!.postMessage({ seed, verdict, truth: { groups: scan.truth.groups, absent: scan.truth.absent }, makeMs: t1 - t0, decodeMs, recognizeMs, silent, dump: dump ? dumpOf(seed, result, template, scan.truth) : undefined });
  } catch (e) {
    parentPort!.postMessage({ seed, error: (e as Error).stack ?? String(e) });
  }
});
