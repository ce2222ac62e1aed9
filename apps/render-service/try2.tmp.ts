import { chromium } from 'playwright-core';
import { fontconfigFile } from './src/printer.js';
const b = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox', '--disable-gpu'], env: { ...process.env, FONTCONFIG_FILE: fontconfigFile()! } as any });
const print = async (h: string) => { const pg = await b.newPage(); let t = performance.now(); await pg.setContent(h); const a = performance.now() - t; t = performance.now(); await pg.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }); const c = performance.now() - t; await pg.close(); return [Math.round(a), Math.round(c)]; };
await print('<p>x</p>');
const N = 200;
const page = (font: string, mode: string) => '<style>@page{size:A4;margin:0}section{height:297mm;break-after:page;overflow:hidden;font-family:' + font + ';font-size:9px}span{display:inline-block;width:26px;text-align:center}</style>'
  + Array.from({ length: N }, (_, i) => `<section>${mode === 'spans' ? Array.from({ length: 300 }, (_, k) => `<span>${(k * 7 + i) % 100}</span>`).join('') : mode === 'onetext' ? Array.from({ length: 300 }, (_, k) => `${(k * 7 + i) % 100}`).join(' ') : Array.from({ length: 300 }, (_, k) => `<svg width="26" height="12" style="display:inline-block"><text x="13" y="9" text-anchor="middle">${(k * 7 + i) % 100}</text></svg>`).join('')}</section>`).join('');
for (const font of ["'Noto Sans SC'", "'DejaVu Sans'", "'Noto Sans CJK SC'"]) for (const mode of ['spans', 'onetext']) console.log(font, mode, await print(page(font, mode)));
await b.close();
