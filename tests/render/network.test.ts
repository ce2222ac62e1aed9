// The printed page loads nothing but its own inline data: a document that references
// file:///etc/passwd and a local HTTP server (image, iframe, stylesheet, font, script fetch) is printed; the
// server records no request and the PDF holds none of that content, while an inline data: image still prints.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrinter, type Printer } from '../../apps/render-service/src/printer.js';
import { pdfText, pdfToPngs } from '../helpers/pdf.js';
import { PNG } from 'pngjs';

const SECRET = 'INTERNAL-SECRET-7Q2';
// a 1×1 red PNG
const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let printer: Printer;
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  printer = createPrinter();
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.endsWith('.png')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(RED_PNG);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<p>${SECRET}</p>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await printer?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Share of clearly red pixels on the first page (the test's images are red, the rest of the page is not). */
function redShare(pdf: Buffer): number {
  const png = PNG.sync.read(pdfToPngs(pdf, 50)[0]);
  let red = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] > 200 && png.data[i + 1] < 80 && png.data[i + 2] < 80) red++;
  return red / (png.width * png.height);
}

describe('printed pages load nothing from outside', () => {
  it('blocks file://, local HTTP, iframes, stylesheets, fonts and scripts; keeps inline data', async () => {
    const big = 'width:400px;height:300px;display:block';
    const hostile = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="${base}/style.css"><link rel="stylesheet" href="file:///etc/passwd">
<style>@import url("${base}/import.css"); @font-face{font-family:X;src:url("${base}/font.woff2")} body{font-family:X}
.bg{${big};background:url("${base}/bg.png")}</style></head><body>
<p>页面正文</p>
<img src="${base}/x.png" style="${big}"><img src="file:///etc/passwd" style="${big}">
<iframe src="file:///etc/passwd" style="${big}"></iframe><iframe src="${base}/frame.html" style="${big}"></iframe>
<object data="${base}/object.html" style="${big}"></object><embed src="${base}/embed.html" style="${big}">
<div class="bg"></div>
<script>fetch('${base}/fetch'); new Image().src = '${base}/script.png'; document.write('<p>脚本已运行</p>')</script>
</body></html>`;
    const pdf = await printer.printPdf(hostile, { format: 'A4' });
    expect(hits, `渲染页面访问了外部地址：${hits.join(', ')}`).toEqual([]);
    const text = pdfText(pdf);
    expect(text).toContain('页面正文');
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/root:.*:0:0/);
    expect(text).not.toContain('脚本已运行');
    expect(redShare(pdf)).toBe(0);

    // the same page with the image inline prints it: blocking keeps the page's own data
    const inline = `<!DOCTYPE html><html><body><p>页面正文</p><img src="data:image/png;base64,${RED_PNG.toString('base64')}" style="${big}"></body></html>`;
    expect(redShare(await printer.printPdf(inline, { format: 'A4' }))).toBeGreaterThan(0.05);
    expect(hits).toEqual([]);
  });
});
