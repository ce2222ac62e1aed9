// The engine on a small synthetic slice without Chromium: blank pages drawn from the card layouts in code
// (draw-card.ts), then the same seeded marks and scanner as the full set (JPEG encode and decode included).
// The printed-card slice (200 sheets) is tests/render/omr-synthetic.test.ts; the full set is the benchmark.
import { beforeAll, describe, expect, it } from 'vitest';
import { templateFromCard } from '../card-template.js';
import { pageBitsOf, pickSheet, synthCards } from './cards.js';
import { drawCardPage } from './draw-card.js';
import { Confusion } from './judge.js';
import { makeScan, readScan } from './scan.js';
import type { BlankPage } from './types.js';

const FIRST = 5001;
const SHEETS = 24;
const confusion = new Confusion();

beforeAll(async () => {
  const cards = synthCards();
  const blanks = new Map<string, BlankPage>();
  for (let seed = FIRST; seed < FIRST + SHEETS; seed++) {
    const pick = pickSheet(seed);
    const key = `${pick.card}-${pick.page}-${pick.dpi}`;
    if (!blanks.has(key)) blanks.set(key, drawCardPage(cards[pick.card], pick.page, pick.dpi));
    const template = templateFromCard(cards[pick.card], pick.page - 1);
    const scan = await makeScan(blanks.get(key)!, template, seed);
    confusion.add((await readScan(scan, template, { pageBits: pageBitsOf(cards[pick.card], pick.page) })).verdict, scan.truth);
  }
  console.log(`synthetic slice on drawn cards, seeds ${FIRST}–${FIRST + SHEETS - 1}:\n${confusion.table()}`);
}, 300_000);

describe(`${SHEETS} synthetic sheets on drawn cards`, () => {
  it('locates every sheet the right way up', () => {
    expect(confusion.rejected).toEqual([]);
    expect(confusion.wrongRotation).toEqual([]);
  });

  it('reads every clear mark right', () => {
    expect(confusion.clearWrong).toEqual([]);
  });

  it('makes no silent error', () => {
    expect(confusion.silent).toEqual([]);
  });
});
