// Render snapshots: fixed demo documents → PDF (the render service's printer) → page count and size, text and
// PNG at 50 dpi (all read in Node with mupdf, tests/helpers/pdf.ts) compared with tests/render/baselines (pixelmatch threshold 0.1,
// at most 0.5 % of pixels may differ). Baselines are written only by scripts/render-baselines.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrinter, type Printer } from '../../apps/render-service/src/printer.js';
import { BASELINE_COMMAND, baselinePath, pdfInfo, pdfText, printToFile, rasterise, SNAPSHOT_DOCS } from './docs.js';

const MAX_DIFF_RATIO = 0.005;

let printer: Printer;
let tmp: string;
beforeAll(() => {
  printer = createPrinter({ chromium: 'npm' }); // the same Chromium build on every machine: baselines stay valid
  tmp = mkdtempSync(path.join(os.tmpdir(), 'jz-render-test-'));
});
afterAll(async () => {
  await printer?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe.each(SNAPSHOT_DOCS)('$name', (doc) => {
  let pdf: string;
  beforeAll(async () => { pdf = await printToFile(printer, doc, tmp); });

  it(`has ${doc.pages} pages of ${doc.pagePt.join('×')} pt`, () => {
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(doc.pages);
    expect([info.widthPt, info.heightPt]).toEqual(doc.pagePt);
  });

  it('contains its Chinese titles and names as text', () => {
    const text = pdfText(pdf).replace(/\s+/g, ''); // text extraction drops or adds spaces between CJK and digits
    for (const t of doc.texts) expect(text, `PDF 文本缺少「${t}」`).toContain(t.replace(/\s+/g, ''));
  });

  it('matches the baseline images', () => {
    const pages = rasterise(pdf);
    expect(pages.length).toBe(doc.pages);
    pages.forEach((png, i) => {
      const file = baselinePath(doc.name, i + 1);
      if (!existsSync(file)) {
        throw new Error(`缺少基准图 ${path.relative(process.cwd(), file)}：请运行 \`${BASELINE_COMMAND} ${doc.name}\` 生成，检查图片后提交`);
      }
      const actual = PNG.sync.read(png);
      const expected = PNG.sync.read(readFileSync(file));
      expect([actual.width, actual.height], `${doc.name} 第 ${i + 1} 页尺寸`).toEqual([expected.width, expected.height]);
      const diff = pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, { threshold: 0.1 });
      const ratio = diff / (actual.width * actual.height);
      expect(ratio, `${doc.name} 第 ${i + 1} 页有 ${diff} 个像素不同（${(ratio * 100).toFixed(2)}%）；`
        + `如属有意修改，运行 \`${BASELINE_COMMAND} ${doc.name}\``).toBeLessThanOrEqual(MAX_DIFF_RATIO);
    });
  });
});

describe('card layout rules', () => {
  it('puts four corner anchors and a decodable page code on every page', async () => {
    const { demoCardLayout, decodePageCode, pageCodeId } = await import('@jz/report-templates');
    const layout = demoCardLayout();
    for (const page of layout.pages) {
      const anchors = page.elements.filter((e) => e.kind === 'anchor');
      expect(anchors.map((a) => [a.x, a.y, a.w, a.h])).toEqual([[10, 10, 5, 5], [195, 10, 5, 5], [10, 282, 5, 5], [195, 282, 5, 5]]);
      const code = page.elements.find((e) => e.kind === 'pageCode');
      expect(code && code.kind === 'pageCode' && decodePageCode(code.bits)).toEqual({ id: pageCodeId(1024), page: page.index });
    }
  });

  it('rejects a bad layout with a Chinese message', async () => {
    const { renderCardHtml, demoCardLayout } = await import('@jz/report-templates');
    const layout = demoCardLayout();
    const elements: unknown[] = layout.pages[0].elements.filter((e) => e.kind !== 'anchor');
    const bad = { ...layout, pages: [{ ...layout.pages[0], elements: [...elements, { kind: 'anchor', x: 208, y: 10, w: 5, h: 5 }] }] };
    expect(() => renderCardHtml(bad)).toThrow(/^答题卡版式无效：.*(4 个定位点|超出 A4)/);
  });
});

describe('score slip rules', () => {
  it('orders slips by class (numbers compared numerically) then seat', async () => {
    const { sortSlipStudents } = await import('@jz/report-templates');
    const s = (className: string, seatNo: number) => ({ name: `${className}${seatNo}`, className, seatNo, admissionNo: '1', subjects: [] });
    const order = sortSlipStudents([s('高一(10)班', 1), s('高一(2)班', 3), s('高一(2)班', 1), s('高一(1)班', 9)]).map((x) => x.name);
    expect(order).toEqual(['高一(1)班9', '高一(2)班1', '高一(2)班3', '高一(10)班1']);
  });

  it('shows class and grade ranks only when the options allow them', async () => {
    const { demoSlipData, renderSlipsHtml } = await import('@jz/report-templates');
    const d = demoSlipData(2);
    const hidden = renderSlipsHtml({ ...d, options: {} });
    expect(hidden).not.toContain('班级排名');
    expect(hidden).not.toContain('年级排名');
    expect(hidden).toContain('班级均分');
    const shown = renderSlipsHtml({ ...d, options: { showClassRank: true, showGradeRank: true, showMeans: false } });
    expect(shown).toContain('班级排名');
    expect(shown).toContain('年级排名');
    expect(shown).not.toContain('班级均分');
    expect(shown.match(/class="sheet"/g)?.length).toBe(2);
  });
});
