// Synthetic slice on printed cards: the synthetic set's cards printed by the render service,
// rasterised at 150/200/300 dpi, filled and scanned by the seeded generator (packages/omr/src/synth), then
// decoded and recognised. Every clear mark must be read right; a wrong reading must always be flagged.
// The full set (≥ 10,000 sheets) is scripts/bench/omr-synthetic.bench.ts; the seeds here are 1–200.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { pageBitsOf, pickSheet, synthCards, SYNTH_DPIS } from '../../packages/omr/src/synth/cards.js';
import { Confusion } from '../../packages/omr/src/synth/judge.js';
import { makeScan, readScan } from '../../packages/omr/src/synth/scan.js';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import { loadBlank, printBlanks } from '../helpers/card-blanks.js';

const SHEETS = Number(process.env.OMR_SYNTH_TEST_SHEETS ?? 200);

let dir: string;
const cards = synthCards();
const confusion = new Confusion();

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jz-omr-blanks-'));
  const printer = createPrinter();
  try {
    await printBlanks(printer, cards, [...SYNTH_DPIS], dir);
  } finally {
    await printer.close();
  }
  const blanks = new Map<string, ReturnType<typeof loadBlank>>();
  for (let seed = 1; seed <= SHEETS; seed++) {
    const pick = pickSheet(seed);
    const key = `${pick.card}-${pick.page}-${pick.dpi}`;
    if (!blanks.has(key)) blanks.set(key, loadBlank(dir, pick.card, pick.page, pick.dpi));
    const template = templateFromCard(cards[pick.card], pick.page - 1);
    const scan = await makeScan(blanks.get(key)!, template, seed);
    const { verdict } = await readScan(scan, template, { pageBits: pageBitsOf(cards[pick.card], pick.page) });
    confusion.add(verdict, scan.truth);
  }
  console.log(`synthetic slice on printed cards, seeds 1–${SHEETS}:\n${confusion.table()}`);
}, 900_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`${SHEETS} synthetic sheets from printed cards`, () => {
  it('rejects none and finds every orientation (skew ≤ 5°, 180° turns, 150–300 dpi)', () => {
    expect(confusion.rejected).toEqual([]);
    expect(confusion.wrongRotation).toEqual([]);
  });

  it('reads every clear mark right (考号, 缺考, page code and every question)', () => {
    expect(confusion.clearWrong).toEqual([]);
    expect(confusion.clearAccuracy).toBe(1);
  });

  it('makes no silent error: every wrong reading is flagged doubtful', () => {
    expect(confusion.silent).toEqual([]);
  });

  it('puts the template on the scan within 1.5 px of where the generator put it', () => {
    expect(confusion.maxTransformErrorPx).toBeLessThan(1.5);
  });
});
