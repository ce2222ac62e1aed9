import { chromium } from 'playwright-core';
import { fontconfigFile } from './src/printer.js';
import { demoSlipData, renderSlipsHtml } from '@jz/report-templates';
const b = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox', '--disable-gpu'], env: { ...process.env, FONTCONFIG_FILE: fontconfigFile()! } as any });
const d = demoSlipData(200);
const html = renderSlipsHtml(d);
const noq = html.replace(/<div class="qs-title">.*?(?=<div class="comment">)/g, '');
const print = async (h: string, ctx = b) => { const pg = await ctx.newPage(); await pg.setContent(h); await pg.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }); await pg.close(); };
await print('<p>x</p>');
const variants: Record<string, string> = {
  noq, 
  noq_notables: noq.replace(/<table class="scores">.*?<\/table>/g, ''),
  noq_nozoom: noq.replace('zoom:1.3331;', ''),
  noq_emptyish: noq.replace(/<table.*?<\/table>/g, '').replace(/<div class="comment">.*?<\/div>/g, ''),
};
for (const [k, v] of Object.entries(variants)) { const t = performance.now(); await print(v); console.log(k, Math.round(performance.now() - t)); }
const h1 = renderSlipsHtml({ ...d, students: d.students.slice(0, 100) }), h2 = renderSlipsHtml({ ...d, students: d.students.slice(100) });
let t = performance.now(); await print(h1); await print(h2); console.log('seq 2x100', Math.round(performance.now() - t));
const c1 = await b.newContext(), c2 = await b.newContext();
t = performance.now(); await Promise.all([print(h1, c1 as any), print(h2, c2 as any)]); console.log('par ctx 2x100', Math.round(performance.now() - t));
t = performance.now(); await Promise.all([print(h1), print(h2)]); console.log('par same ctx 2x100', Math.round(performance.now() - t));
await b.close();
