// Worker of omr-synthetic.bench.ts: builds synthetic scans (pure generator + JPEG) for the seeds the main
// thread asks for, from the printed blanks in the run's temporary folder.
import { parentPort, workerData } from 'node:worker_threads';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { pickSheet, synthCards } from '../../packages/omr/src/synth/cards.js';
import { makeScan } from '../../packages/omr/src/synth/scan.js';
import type { BlankPage } from '../../packages/omr/src/synth/types.js';
import { loadBlank } from '../../tests/helpers/card-blanks.js';

const { dir } = workerData as { dir: string };
const cards = synthCards();
const blanks = new Map<string, BlankPage>();

parentPort!.on('message', async (seed: number) => {
  try {
    const pick = pickSheet(seed);
    const key = `${pick.card}-${pick.page}-${pick.dpi}`;
    if (!blanks.has(key)) blanks.set(key, loadBlank(dir, pick.card, pick.page, pick.dpi));
    const scan = await makeScan(blanks.get(key)!, templateFromCard(cards[pick.card], pick.page - 1), seed);
    const jpeg = new Uint8Array(scan.jpeg);
    parentPort!.postMessage({ seed, pick, truth: scan.truth, width: scan.width, jpeg }, [jpeg.buffer]);
  } catch (e) {
    parentPort!.postMessage({ seed, error: (e as Error).stack ?? String(e) });
  }
});
