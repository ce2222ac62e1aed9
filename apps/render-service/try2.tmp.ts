import { chromium } from 'playwright-core';
import { fontconfigFile } from './src/printer.js';
import { demoSlipData, renderSlipsHtml } from '@jz/report-templates';
import os from 'node:os';
const b = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox', '--disable-gpu'], env: { ...process.env, FONTCONFIG_FILE: fontconfigFile()! } as any });
const print = async (h: string) => { const pg = await b.newPage(); let t = performance.now(); await pg.setContent(h); await pg.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }); await pg.close(); return Math.round(performance.now() - t); };
await print('<p>x</p>');
const html = renderSlipsHtml(demoSlipData(150));
const v: Record<string, string> = {
  cur: html,
  nosvg: html.replace(/<svg.*?<\/svg>/g, ''),
  svgAfter: html.replace(/(<svg.*?<\/svg>)(.*?)<\/div>(?=<\/div><\/div>)/g, '$2</div>$1'),
  flow: html.replace('</style>', '.qg .qn,.qg .qv{position:relative!important;top:0!important}</style>'),
  svgImg: html.replace(/<svg(.*?)<\/svg>/g, (m) => `<img style="position:absolute;left:0;top:0" src="data:image/svg+xml,${encodeURIComponent(m)}">`),
};
for (let i = 0; i < 2; i++) { const out: Record<string, number> = {}; for (const [k, h] of Object.entries(v)) out[k] = await print(h); console.log(out, os.loadavg()[0].toFixed(1)); }
await b.close();
