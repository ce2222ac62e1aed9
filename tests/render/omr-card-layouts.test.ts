// Every layout the card maker produces, printed by Chromium and read back: an A3 landscape card in three columns
// with a 选做题 (22/23), an A4 card in two columns, and a card whose 考号 comes from a stuck Code128 label.
// Cards → PDF (render-service printer) → 150 dpi rasters (mupdf) → pencil marks of a seeded student painted into
// the bubbles (A3 page also turned by 180° + 1° and JPEG-compressed) → recognised with templateFromCard.
// Expected readings: the painted answers, the page codes encodePageCode(id, page), the label's encoded text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mulberry32 } from '@jz/shared/random';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { createPrinter, type Printer } from '../../apps/render-service/src/printer.js';
import {
  chosenQuestion, decodeImage, readPageCode, recognizeSheet, recognizeSheetWithBarcode, templateFromCard, type Raster,
} from '../../packages/omr/src/index.js';
import { fillsFor, randomAnswers } from '../../packages/omr/src/testing/fixtures.js';
import { buildCardLayout, renderCardHtml, validateCardLayout, type BuildCardInput, type CardLayout } from '../../packages/report-templates/src/index.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DPI = 150;
let printer: Printer;

const MATH: BuildCardInput = {
  examName: '2026 届高三第一次模拟考试', subjectName: '数学', examSubjectId: 4242, admissionDigits: 9, pages: 2,
  questions: [
    ...Array.from({ length: 8 }, (_, i) => ({ no: i + 1, type: 'single' as const, fullScore: 5 })),
    ...Array.from({ length: 3 }, (_, i) => ({ no: 9 + i, type: 'multiple' as const, fullScore: 6, options: ['A', 'B', 'C', 'D'] })),
    ...Array.from({ length: 3 }, (_, i) => ({ no: 12 + i, type: 'fill' as const, fullScore: 5 })),
    ...Array.from({ length: 5 }, (_, i) => ({ no: 15 + i, type: 'subjective' as const, fullScore: 12 + i })),
    { no: 22, type: 'subjective', fullScore: 10, choice: '22/23' },
    { no: 23, type: 'subjective', fullScore: 10, choice: '22/23' },
  ],
};

async function print(layout: CardLayout, dpi = DPI): Promise<Raster[]> {
  return decodeImage(await printer.printPdf(renderCardHtml(layout), { format: 'A4' }), { targetDpi: dpi });
}

/** Pencil: every pixel of the rect (mm, page unturned) darkened to `grey` ± 20. */
function paint(r: Raster, rect: { x: number; y: number; w: number; h: number }, grey: number, rnd: () => number, inset = 0.3) {
  const k = (r.dpi ?? DPI) / 25.4;
  for (let y = Math.round((rect.y + inset) * k); y < Math.round((rect.y + rect.h - inset) * k); y++) {
    for (let x = Math.round((rect.x + inset) * k); x < Math.round((rect.x + rect.w - inset) * k); x++) {
      const i = y * r.width + x;
      r.data[i] = Math.min(r.data[i], Math.round(grey + (rnd() - 0.5) * 40));
    }
  }
}

const copy = (p: Raster): Raster => ({ ...p, data: Uint8Array.from(p.data) });

beforeAll(async () => { printer = createPrinter({ poolSize: 1 }); });
afterAll(async () => { await printer?.close(); });

describe('A3 landscape, three columns, with a 选做题', () => {
  const layout = buildCardLayout({ ...MATH, paper: 'A3', columns: 3 });
  let pages: Raster[];
  beforeAll(async () => { pages = await print(layout); });

  it('is a valid layout printed on A3 landscape pages (420 × 297 mm → 2480 × 1754 px at 150 dpi)', () => {
    expect(validateCardLayout(layout)).toEqual([]);
    expect(pages).toHaveLength(layout.pages.length);
    // Chromium's A3 is 1191 × 842 pt: 2481.25 px wide at 150 dpi
    for (const p of pages) expect([Math.abs(p.width - 2480) <= 2, p.height]).toEqual([true, 1754]);
  });

  it('reads every page code, upright and with no marks', () => {
    pages.forEach((p, i) => {
      const r = recognizeSheet(p, templateFromCard(layout, i));
      expect(r).toMatchObject({ status: 'ok', rotation: 0, anchorsFound: 4 });
      expect(readPageCode(r)).toEqual({ id: 4242, page: i + 1 });
    });
  });

  it('reads a pencilled page turned upside down and skewed by 1°, from a JPEG: answers, 考号 and the chosen question', async () => {
    const t = templateFromCard(layout, 0);
    const choiceId = '选做:22/23';
    expect(t.questions.find((q) => q.id === choiceId)?.bubbles.map((b) => b.value)).toEqual(['22', '23']);
    expect(t.blocks.map((b) => b.id)).toContain('22/23');
    const answers = randomAnswers(t, 31);
    answers.questions[choiceId] = ['23'];
    const page = copy(pages[0]);
    const rnd = mulberry32(5);
    for (const f of fillsFor(t, answers, 1)) paint(page, f.rect, 90, rnd);
    const jpg = await sharp(Buffer.from(page.data), { raw: { width: page.width, height: page.height, channels: 1 } })
      .rotate(181, { background: '#ffffff' }).toColourspace('b-w').jpeg({ quality: 80 }).toBuffer();
    const [scan] = await decodeImage(jpg);
    const r = recognizeSheet({ ...scan, dpi: DPI }, t);
    expect(r).toMatchObject({ status: 'ok', rotation: 180, anchorsFound: 4 });
    expect(readPageCode(r)).toEqual({ id: 4242, page: 1 });
    expect(r.admission).toMatchObject({ value: answers.admission });
    expect(r.questions.filter((q) => q.doubt || q.marked.join() !== answers.questions[q.id].join())).toEqual([]);
    expect(chosenQuestion(r, [22, 23])).toBe('23');
  });
});

describe('A4, two columns', () => {
  const layout = buildCardLayout({ ...MATH, columns: 2, pages: 3 });
  let pages: Raster[];
  beforeAll(async () => { pages = await print(layout); });

  it('reads a pencilled page 1 and the page code of every page', () => {
    expect(validateCardLayout(layout)).toEqual([]);
    expect(pages).toHaveLength(layout.pages.length);
    expect([pages[0].width, pages[0].height]).toEqual([1240, 1754]);
    pages.forEach((p, i) => expect(readPageCode(recognizeSheet(p, templateFromCard(layout, i)))).toEqual({ id: 4242, page: i + 1 }));
    const t = templateFromCard(layout, 0);
    const answers = randomAnswers(t, 8);
    const page = copy(pages[0]);
    const rnd = mulberry32(2);
    for (const f of fillsFor(t, answers, 1)) paint(page, f.rect, 90, rnd);
    const r = recognizeSheet(page, t);
    expect(r).toMatchObject({ status: 'ok', anchorsFound: 4 });
    expect(r.admission).toMatchObject({ value: answers.admission });
    expect(r.questions.filter((q) => q.doubt || q.marked.join() !== answers.questions[q.id].join())).toEqual([]);
    // the 选做题 box and its marks sit on whichever page the flow put them; find and read it there
    const where = layout.pages.findIndex((pg) => pg.elements.some((e) => e.kind === 'choice'));
    const tc = templateFromCard(layout, where);
    const pc = copy(pages[where]);
    const mark = tc.questions.find((q) => q.id === '选做:22/23')!.bubbles.find((b) => b.value === '22')!;
    paint(pc, mark, 90, rnd);
    expect(chosenQuestion(recognizeSheet(pc, tc), [22, 23])).toBe('22');
  });
});

describe('选做 2 of 3: two boxes, each with its own bubble row', () => {
  // 15–19 written as MATH, then 22/23/24 of which the student answers two (A4, one column)
  const layout = buildCardLayout({ ...MATH, pages: 4, questions: [
    ...MATH.questions.filter((q) => !q.choice),
    ...[22, 23, 24].map((no) => ({ no, type: 'subjective' as const, fullScore: 10, choice: '22/23/24', choicePick: 2 })),
  ] });
  let pages: Raster[];
  beforeAll(async () => { pages = await print(layout); });

  it('prints both boxes on one page and reads each box\'s mark as its own question (24 in box 1, 22 in box 2)', () => {
    expect(validateCardLayout(layout)).toEqual([]);
    const where = layout.pages.findIndex((pg) => pg.elements.some((e) => e.kind === 'choice'));
    const t = templateFromCard(layout, where);
    expect(t.questions.filter((q) => q.id.startsWith('选做:')).map((q) => [q.id, q.bubbles.map((b) => b.value)]))
      .toEqual([['选做:22/23/24#1', ['22', '23', '24']], ['选做:22/23/24#2', ['22', '23', '24']]]);
    expect(t.blocks.map((b) => b.id).filter((id) => id.includes('#'))).toEqual(['22/23/24#1', '22/23/24#2']);
    const page = copy(pages[where]);
    const rnd = mulberry32(9);
    const bubble = (id: string, v: string) => t.questions.find((q) => q.id === id)!.bubbles.find((b) => b.value === v)!;
    paint(page, bubble('选做:22/23/24#1', '24'), 90, rnd);
    paint(page, bubble('选做:22/23/24#2', '22'), 90, rnd);
    const r = recognizeSheet(page, t);
    expect(r).toMatchObject({ status: 'ok', anchorsFound: 4 });
    expect([chosenQuestion(r, [22, 23, 24], 1), chosenQuestion(r, [22, 23, 24], 2)]).toEqual(['24', '22']);
  });
});

describe('考号 by a barcode label', () => {
  const layout = buildCardLayout({ ...MATH, paper: 'A3', columns: 2, admissionMode: 'barcode' });

  it('has no 考号 bubbles, and reads the Code128 label stuck in the label box', async () => {
    const [page1] = await print(layout, 200); // a scanner's usual 200 dpi: 0.45 mm modules are 3.5 px
    const t = templateFromCard(layout, 0);
    expect(t.admission?.digits).toBeUndefined();
    const area = t.admission!.barcode!;
    const text = '202612345';
    const bin = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer }, fireImmediately: true });
    const { symbol, error } = await writeBarcode(text, { format: 'Code128' });
    expect(error).toBeFalsy();
    // the label: white paper over the dashed box, bars of 0.45 mm modules (what a label printer makes)
    const page = copy(page1);
    const k = (page.dpi ?? DPI) / 25.4;
    for (let y = Math.round((area.y + 2) * k); y < Math.round((area.y + area.h - 2) * k); y++) {
      for (let x = Math.round((area.x + 2) * k); x < Math.round((area.x + area.w - 2) * k); x++) page.data[y * page.width + x] = 250;
    }
    const rnd = mulberry32(1);
    for (let i = 0; i < symbol.width; i++) {
      if (symbol.data[i] === 0) paint(page, { x: area.x + 6 + i * 0.45, y: area.y + 6, w: 0.45, h: 16 }, 40, rnd, 0);
    }
    const r = await recognizeSheetWithBarcode(page, t);
    expect(r).toMatchObject({ status: 'ok', anchorsFound: 4 });
    expect(r.admission).toMatchObject({ value: text, source: 'barcode', barcode: text, bubbles: null });
    expect(readPageCode(r)).toEqual({ id: 4242, page: 1 });
  });
});
