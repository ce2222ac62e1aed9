// Decoding files to rasters: lossless files must give back exactly the pixels that were drawn; JPEG and PDF
// are checked through recognition (the drawn answers are read back); bad files give Chinese errors.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { blocksInFilePixels, decodeImage, OmrInputError, recognizeSheet } from './index.js';
import { demoCard, fillsFor, randomAnswers } from './testing/fixtures.js';
import { drawSheet } from './testing/synth.js';

vi.setConfig({ testTimeout: 60_000 });

const card = demoCard(0);
const t = card.template;
const answers = randomAnswers(t, 42);
const drawn = drawSheet(t, { dpi: 200, bits: card.bits, textAreas: card.textAreas, fills: fillsFor(t, answers, 0.5), noise: 3, skewDeg: 1.5 });
const { width, height, data } = drawn.raster;
const grey = () => sharp(Buffer.from(data), { raw: { width, height, channels: 1 } });

function expectAnswers(r: ReturnType<typeof recognizeSheet>) {
  expect(r.status).toBe('ok');
  expect(r.admission?.value).toBe(answers.admission);
  expect(r.questions.filter((q) => q.doubt || q.marked.join() !== answers.questions[q.id].join())).toEqual([]);
}

describe('decodeImage', () => {
  it('gives back the exact pixels of a greyscale PNG and of an RGB PNG (first channel)', async () => {
    const [g] = await decodeImage(await grey().png().toBuffer());
    expect([g.width, g.height]).toEqual([width, height]);
    expect(Buffer.from(g.data).equals(Buffer.from(data))).toBe(true);
    const rgb = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } }).toColourspace('srgb').png().toBuffer();
    expect((await sharp(rgb).metadata()).channels).toBe(3);
    const [c] = await decodeImage(rgb);
    expect(Buffer.from(c.data).equals(Buffer.from(data))).toBe(true);
  });

  it('reads every page of a multi-page TIFF, or only the asked one', async () => {
    const page = await grey().png().toBuffer();
    const blank = await sharp(Buffer.alloc(width * height, 250), { raw: { width, height, channels: 1 } }).png().toBuffer();
    const tiff = await sharp([page, blank, page], { join: { animated: true } }).toColourspace('b-w').tiff({ compression: 'lzw' }).toBuffer();
    const pages = await decodeImage(tiff);
    expect(pages).toHaveLength(3);
    expect(Buffer.from(pages[0].data).equals(Buffer.from(data))).toBe(true);
    expect(pages[1].data.every((v) => v === 250)).toBe(true);
    expect(recognizeSheet(pages[1], t).status).toBe('rejected');
    const only = await decodeImage(tiff, { page: 2 });
    expect(only).toHaveLength(1);
    expect(Buffer.from(only[0].data).equals(Buffer.from(data))).toBe(true);
    await expect(decodeImage(tiff, { page: 3 })).rejects.toThrow('图片只有 3 页，没有第 4 页');
  });

  it('decodes a 200 dpi greyscale JPEG as is, or shrunk on load to 100 dpi, and both read right', async () => {
    const jpg = await grey().toColourspace('b-w').withDensity(200).jpeg({ quality: 80 }).toBuffer();
    const [full] = await decodeImage(jpg);
    expect(full).toMatchObject({ width, height, dpi: 200 });
    expectAnswers(recognizeSheet(full, t));
    const [half] = await decodeImage(jpg, { targetDpi: 100 });
    // 1654 × 2339 halved and rounded
    expect(half).toMatchObject({ width: 827, height: 1170, dpi: 100, fileWidth: 1654, fileHeight: 2339 });
    const halfResult = recognizeSheet(half, t);
    expectAnswers(halfResult);
    // blocks found at 100 dpi, given in pixels of the 200 dpi file: the full-size reading's blocks within 3 px
    const fullBlocks = recognizeSheet(full, t).blocks;
    blocksInFilePixels(halfResult, half).forEach((b, i) => {
      for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(b.rect[k] - fullBlocks[i].rect[k])).toBeLessThanOrEqual(3);
    });
    // 150 is not a power-of-two step down from 200: decoded at full size
    expect((await decodeImage(jpg, { targetDpi: 150 }))[0].width).toBe(width);
  });

  it('gives back the exact pixels of a lossless WebP picture', async () => {
    const [w] = await decodeImage(await grey().webp({ lossless: true }).toBuffer());
    expect([w.width, w.height]).toEqual([width, height]);
    expect(Buffer.from(w.data).equals(Buffer.from(data))).toBe(true);
  });

  it('renders a scanner PDF page with mupdf at the asked resolution', async () => {
    const pdf = await PDFDocument.create();
    const png = await pdf.embedPng(await grey().png().toBuffer());
    const page = pdf.addPage([595.28, 841.89]); // A4 in points
    page.drawImage(png, { x: 0, y: 0, width: 595.28, height: 841.89 });
    const bytes = await pdf.save();
    const [r] = await decodeImage(bytes, { targetDpi: 200 });
    // 595.28 pt × 200/72 = 1653.6 → 1654 px; 841.89 × 200/72 = 2338.6 → 2339 px (mupdf rounds the page box out)
    expect(Math.abs(r.width - 1654)).toBeLessThanOrEqual(1);
    expect(Math.abs(r.height - 2339)).toBeLessThanOrEqual(1);
    expectAnswers(recognizeSheet(r, t));
    // 1654 × 2339 = 3.87 million pixels at 200 dpi
    await expect(decodeImage(bytes, { targetDpi: 200, maxPixels: 3_000_000 })).rejects.toThrow(/PDF 第 1 页过大（165[45] × 23[34]\d 像素），不是扫描的答题卡/);
  });

  it('refuses bad input with a Chinese reason', async () => {
    await expect(decodeImage(new Uint8Array())).rejects.toThrow(new OmrInputError('文件为空'));
    await expect(decodeImage(Buffer.from('这不是一张图片，是一段文字'))).rejects.toThrow('不是可识别的图片文件（支持 JPEG、PNG、TIFF、WebP 和 PDF）');
    const jpg = await grey().toColourspace('b-w').jpeg().toBuffer();
    const cut = jpg.subarray(0, Math.floor(jpg.length * 0.4));
    await expect(decodeImage(cut)).rejects.toThrow('图片已损坏或不完整，无法解码');
    await expect(decodeImage(jpg, { maxPixels: 1_000_000 })).rejects.toThrow(`图片尺寸过大（${width} × ${height} 像素），不是扫描的答题卡`);
    const gif = await sharp(Buffer.alloc(300, 128), { raw: { width: 10, height: 10, channels: 3 } }).gif().toBuffer();
    await expect(decodeImage(gif)).rejects.toThrow('不支持的文件格式（gif）：请上传 JPEG、PNG、TIFF、WebP 或 PDF');
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    await expect(decodeImage(empty)).rejects.toThrow('PDF 文件没有页面');
    await expect(decodeImage(Buffer.from('%PDF-1.7\nnot really a pdf'))).rejects.toThrow('PDF 文件已损坏，无法打开');
  });
});

// A checkerboard of black and white pixels stands for 50 % grey (a dither): shrunk, it must read as grey, never as
// the black or white of the pixels a sampler happens to hit (1-bit OpenMCR scans lost their grey corner marks so).
describe('decodeImage shrinks dithered and lossless scans by averaging', () => {
  const side = 64;
  const board = Buffer.alloc(side * side);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) board[y * side + x] = (x + y) % 2 ? 255 : 0;
  const mean = (d: Uint8Array) => d.reduce((s, v) => s + v, 0) / d.length;

  it('a 1-bit 300 dpi scan asked at 200 dpi is read at 150 (the nearest power of two), its dots averaged to grey', async () => {
    const png = await sharp(board, { raw: { width: side, height: side, channels: 1 } }).png({ palette: true, colours: 2 }).withMetadata({ density: 300 }).toBuffer();
    expect((await sharp(png).metadata()).bitsPerSample).toBe(1);
    const [r] = await decodeImage(png, { targetDpi: 200 });
    expect([r!.width, r!.dpi]).toEqual([32, 150]);
    // every 2 × 2 block holds two black and two white pixels: 127.5 each
    expect(Math.min(...r!.data)).toBeGreaterThan(100);
    expect(Math.max(...r!.data)).toBeLessThan(155);
  });

  it('an 8-bit 300 dpi scan asked at 200 keeps its resolution; at 600 dpi it is halved by averaging', async () => {
    const grey8 = (dpi: number) => sharp(board, { raw: { width: side, height: side, channels: 1 } }).png().withMetadata({ density: dpi }).toBuffer();
    const [same] = await decodeImage(await grey8(300), { targetDpi: 200 });
    expect(same!.width).toBe(64);
    const [half] = await decodeImage(await grey8(600), { targetDpi: 200 });
    expect(half!.width).toBe(32);
    expect(Math.abs(mean(half!.data) - 127.5)).toBeLessThan(10);
    expect(Math.min(...half!.data)).toBeGreaterThan(100);
  });
});
