import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { fontconfigFile } from './src/printer.js';
const b = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox', '--disable-gpu'], env: { ...process.env, FONTCONFIG_FILE: fontconfigFile()! } as any });
const print = async (h: string) => { const pg = await b.newPage(); let t = performance.now(); await pg.setContent(h); const a = performance.now() - t; t = performance.now(); const pdf = await pg.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }); const c = performance.now() - t; await pg.close(); writeFileSync('/tmp/tab.pdf', pdf); return [Math.round(a), Math.round(c)]; };
await print('<p>x</p>');
const N = 200;
const sp = (n: number) => ' '.repeat(Math.max(0, Math.round(n)));
const cell = (s: string) => { const w = [...s].reduce((a, ch) => a + (ch === '.' ? 0.278 : 0.555) * 8.5, 0); return sp((26 - w) / 2 / (0.224 * 8.5)) + s; };
const page = '<style>@page{size:A4;margin:0}section{height:297mm;break-after:page;overflow:hidden;font-family:"Noto Sans SC";font-size:8.5px}.r{white-space:pre;tab-size:26px;line-height:12px;width:494px;background-image:linear-gradient(to right,#333 0.75px,transparent 0.75px);background-size:26px 100%;border-bottom:0.75px solid #333}</style>'
  + Array.from({ length: N }, (_, i) => `<section>${Array.from({ length: 16 }, (_, r) => `<div class="r">${Array.from({ length: 19 }, (_, k) => cell(String(((k * 7 + i + r) % 30) / 2))).join('\t')}</div>`).join('')}</section>`).join('');
console.log('tabs', await print(page));
await b.close();
