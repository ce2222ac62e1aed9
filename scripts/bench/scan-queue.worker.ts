// Worker of scan-queue.bench.ts: writes the synthetic scans of the students it is given into the cache folder.
// The ink is the seeded generator's (packages/omr/src/synth: 2B pencil or pen fills drawn on the printed card,
// handwriting in the answer blocks) — page 1 with the student's 考号 and seeded answers, page 2 handwriting only.
// The scanner is the generator's seeded distortion (skew ±5°, 180° turns, scale, margin, grey paper, blur, JPEG
// quality) applied by libvips instead of the generator's pixel loops: 4,000 pages in JavaScript took hours on
// the shared 2-core machine. Noise and photocopy specks are left out here (the recognition set covers them).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { mulberry32 } from '@jz/shared/random';
import type { CardLayout } from '@jz/report-templates/card/layout';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { randomDistortion } from '../../packages/omr/src/synth/generate.js';
import { drawHandwriting, drawMark } from '../../packages/omr/src/synth/marks.js';
import { planFromFill } from '../../packages/omr/src/synth/plan.js';
import { loadBlank } from '../../tests/helpers/card-blanks.js';

interface Data { layout: CardLayout; blanksDir: string; cacheDir: string; dpi: number; students: { index: number; examNo: string; files: string[] }[] }
const { layout, blanksDir, cacheDir, dpi, students } = workerData as Data;

const pages = layout.pages.map((_, i) => ({ blank: loadBlank(blanksDir, 'bench', i + 1, dpi), template: templateFromCard(layout, i) }));
for (const s of students) {
  for (const [i, p] of pages.entries()) {
    const file = path.join(cacheDir, s.files[i]!);
    if (existsSync(file)) continue;
    const seed = s.index * 16 + i + 1;
    const rnd = mulberry32(seed ^ 0x2545f491);
    const ink = mulberry32(seed ^ 0x5bd1e995);
    // clear marks only: the benchmark measures throughput and where the pages land, not the hard cases
    const kind = rnd() < 0.12 ? 'pen' as const : 'pencil' as const;
    const answers = Object.fromEntries(p.template.questions.map((q) => {
      const values = q.bubbles.map((b) => b.value);
      const n = q.kind === 'multiple' ? 1 + Math.floor(rnd() * 2) : 1;
      return [q.id, [...new Set(Array.from({ length: n }, () => values[Math.floor(rnd() * values.length)]!))]];
    }));
    const plan = planFromFill(p.template, { admission: i === 0 ? s.examNo : '', answers, kind });
    const k = p.blank.pxPerUnit;
    const page = { ...p.blank.raster, data: p.blank.raster.data.slice() };
    const groups = new Map([...(p.template.admission?.digits ?? []), ...p.template.questions].map((g) => [g.id, g]));
    for (const g of plan.groups) for (const m of g.marks) drawMark(page, groups.get(g.id)!.bubbles.find((b) => b.value === m.value)!, k, m.kind, ink);
    for (const b of p.template.blocks) drawHandwriting(page, b.rect, k, ink);

    const d = randomDistortion(mulberry32((seed + 0x9e3779b9) >>> 0), dpi);
    const theta = ((d.skewDeg + (d.rotate180 ? 180 : 0)) * Math.PI) / 180;
    const [c, sn] = [Math.cos(theta) * d.scale, Math.sin(theta) * d.scale];
    const margin = Math.round((d.marginMm * dpi) / 25.4);
    const background = { r: d.backing, g: d.backing, b: d.backing };
    const warped = await sharp(Buffer.from(page.data.buffer, page.data.byteOffset, page.data.byteLength), { raw: { width: page.width, height: page.height, channels: 1 } })
      .affine([[c, -sn], [sn, c]], { background, interpolator: 'bilinear' }).flatten({ background }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    let img = sharp(warped.data, { raw: { width: warped.info.width, height: warped.info.height, channels: 1 } })
      .linear(d.paper / 255, 0).extend({ top: margin, bottom: margin, left: margin, right: margin, background });
    if (d.blurPx >= 0.3) img = img.blur(d.blurPx);
    writeFileSync(file, await img.jpeg({ quality: d.jpegQuality }).withMetadata({ density: dpi }).toBuffer());
  }
  parentPort!.postMessage(s.index);
}
