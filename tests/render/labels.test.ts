// 条形码贴: the Code 128 encoder read back by zxing-wasm (an independent decoder) for every symbol
// value, and compared bar for bar with zxing-wasm's own writer where both must choose the same code set; then
// label sheets printed by the labels render job (render service printer, Chromium) → 300 dpi greyscale (mupdf)
// → every label's barcode read back with zxing-wasm and compared with the 考号 it was given.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { code128Modules, LABEL_SHEET, labelOrigin, labelPages, LABELS_PER_SHEET, type LabelSheetData, type StudentLabel } from '@jz/report-templates';
import { processJob } from '../../apps/render-service/src/processors.js';
import { renderJobs } from '../helpers/render-jobs.js';
import { rasterisePdf } from '../helpers/card-blanks.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';

const require = createRequire(import.meta.url);
const wasm = (file: string) => {
  const bin = readFileSync(require.resolve(file));
  return bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer;
};

async function zxingReader() {
  const zx = await import('zxing-wasm/reader');
  await zx.prepareZXingModule({ overrides: { wasmBinary: wasm('zxing-wasm/reader/zxing_reader.wasm') }, fireImmediately: true });
  return zx;
}

/** Code 128 texts found in a greyscale image. */
async function read(gray: Uint8Array, width: number, height: number): Promise<string[]> {
  const zx = await zxingReader();
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) { rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = gray[i]!; rgba[4 * i + 3] = 255; }
  const found = await zx.readBarcodes({ data: rgba, width, height, colorSpace: 'srgb' } as ImageData, { formats: ['Code128'], tryHarder: true, maxNumberOfSymbols: 4 });
  return found.filter((f) => f.isValid).map((f) => f.text);
}

/** The symbol drawn straight into pixels, `px` pixels a module, 40 px high. */
async function readModules(text: string, px = 3): Promise<string[]> {
  const mods = code128Modules(text);
  const w = mods.length * px;
  const hgt = 40;
  const gray = new Uint8Array(w * hgt).fill(255);
  for (let y = 0; y < hgt; y++) mods.forEach((bar, i) => { if (bar) gray.fill(0, y * w + i * px, y * w + (i + 1) * px); });
  return read(gray, w, hgt);
}

describe('Code 128 encoder against zxing-wasm', () => {
  it('is read back for every symbol value of code sets B and C', async () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    // set B values 0–94, 24 characters a symbol (no leading or trailing space: zxing trims nothing, the test keeps it plain)
    for (let i = 0; i < ascii.length; i += 24) {
      const text = `x${ascii.slice(i, i + 24)}x`;
      expect(await readModules(text), JSON.stringify(text)).toEqual([text]);
    }
    // set C values 0–99 (digit pairs 00…99), and an odd digit count (CODE B for the last digit)
    const pairs = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).join('');
    for (let i = 0; i < pairs.length; i += 40) expect(await readModules(pairs.slice(i, i + 40))).toEqual([pairs.slice(i, i + 40)]);
    expect(await readModules('202601012')).toEqual(['202601012']);
    expect(await readModules('7')).toEqual(['7']);
  });

  it('draws the same bars as zxing-wasm\'s writer for an even run of digits and for letters', async () => {
    const zw = await import('zxing-wasm/writer');
    await zw.prepareZXingModule({ overrides: { wasmBinary: wasm('zxing-wasm/writer/zxing_writer.wasm') }, fireImmediately: true });
    for (const text of ['2026010123', '00012345', 'Wikipedia']) {
      const { symbol, error } = await zw.writeBarcode(text, { format: 'Code128' });
      expect(error).toBeFalsy();
      const theirs = Array.from({ length: symbol!.width }, (_, i) => (symbol!.data[i] === 0 ? '1' : '0')).join('').replace(/^0+|0+$/g, '');
      const ours = code128Modules(text).map((b) => (b ? '1' : '0')).join('').replace(/^0+|0+$/g, '');
      expect(ours, text).toBe(theirs);
    }
  });
});

describe('label sheets printed by the labels job', () => {
  const jobs = renderJobs('jz-labels-');

  const student = (i: number, room: string, examNo: string): StudentLabel =>
    ({ name: `学生${i}`, className: `高一(${(i % 3) + 1})班`, examNo, room, seat: i });
  // 30 in the first room (a full sheet and 6 on a second), 5 in the second; 10-digit, 9-digit and lettered 考号
  const data: LabelSheetData = {
    examName: '2026年秋季期中考试',
    groups: [
      { title: '第01考场', labels: Array.from({ length: 30 }, (_, i) => student(i + 1, '第01考场', String(2026100001 + i))) },
      { title: '第02考场', labels: [student(1, '第02考场', '202620001'), student(2, '第02考场', 'G2026-0042'), ...[3, 4, 5].map((i) => student(i, '第02考场', String(2026200000 + i)))] },
    ],
  };

  it('puts 24 labels on an A4 sheet, each room from a new sheet, and every barcode reads as its 考号', async () => {
    const pages = labelPages(data);
    expect(pages.map((p) => [p.title, p.labels.length])).toEqual([['第01考场', 24], ['第01考场', 6], ['第02考场', 5]]);
    const r = await processJob('labels', data, { ...jobs, jobId: 'labels-1' });
    const pdf = readFileSync(r.resultPath);
    expect(pdfInfo(pdf)).toEqual({ pages: 3, widthPt: 595, heightPt: 842 }); // A4 in points
    const text = pdfText(pdf).split('\f').map((t) => t.replace(/\s+/g, ''));
    expect(text[0]).toContain('第01考场');
    expect(text[0]).toContain('第1/2张');
    expect(text[2]).toContain('学生2');
    expect(text[2]).toContain('G2026-0042');
    const dpi = 300;
    const rasters = rasterisePdf(pdf, dpi);
    const mm = (v: number) => Math.round((v * dpi) / 25.4);
    let read0 = 0;
    for (const [pi, page] of pages.entries()) {
      const { raster } = rasters[pi]!;
      for (const [k, label] of page.labels.entries()) {
        // the label's own rectangle only: a barcode found there is this label's
        const o = labelOrigin(k);
        const x = mm(o.x), y = mm(o.y), w = mm(LABEL_SHEET.labelW), hh = mm(LABEL_SHEET.labelH);
        const crop = new Uint8Array(w * hh);
        for (let row = 0; row < hh; row++) crop.set(raster.data.subarray((y + row) * raster.width + x, (y + row) * raster.width + x + w), row * w);
        expect(await read(crop, w, hh), `第${pi + 1}页第${k + 1}张 ${label.examNo}`).toEqual([label.examNo]);
        read0++;
      }
    }
    expect(read0).toBe(35);
    expect(LABELS_PER_SHEET).toBe(24);
  });

  it('refuses a 考号 that Code 128 cannot carry, naming the student', async () => {
    const bad: LabelSheetData = { examName: '考试', groups: [{ title: '高一(1)班', labels: [{ name: '张三', className: '高一(1)班', examNo: '考号01' }] }] };
    await expect(processJob('labels', bad, { ...jobs, jobId: 'labels-2' }))
      .rejects.toThrow('考生 张三 的考号「考号01」不能印成条形码：条形码不能包含字符「考」');
  });
});
