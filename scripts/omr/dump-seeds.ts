// Makes and reads the synthetic sheets of the given seeds and prints each one's dump line (scripts/omr/dump.ts),
// to look at a few cases closely. Blanks come from a folder printed by printBlanks (the benchmark's, kept).
// Run: node --import tsx scripts/omr/dump-seeds.ts <blanks dir> <seed> [seed …]
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { pageBitsOf, pickSheet, synthCards } from '../../packages/omr/src/synth/cards.js';
import { makeScan, productDecode, readScan } from '../../packages/omr/src/synth/scan.js';
import { loadBlank } from '../../tests/helpers/card-blanks.js';
import { dumpOf } from './dump.js';

const [dir, ...seeds] = process.argv.slice(2);
const cards = synthCards();
const decode = productDecode();
for (const seed of seeds.map(Number)) {
  const pick = pickSheet(seed);
  const template = templateFromCard(cards[pick.card], pick.page - 1);
  const scan = await makeScan(loadBlank(dir, pick.card, pick.page, pick.dpi), template, seed);
  const { result } = await readScan(scan, template, { pageBits: pageBitsOf(cards[pick.card], pick.page), decode });
  console.log(JSON.stringify(dumpOf(seed, result, template, scan.truth)));
}
