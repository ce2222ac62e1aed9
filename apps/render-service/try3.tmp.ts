import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
import { demoSlipData } from '@jz/report-templates';
import { createPrinter } from './src/printer.js';
import { processJob } from './src/processors.js';
function tree(rootPid: number) { const parent = new Map<number, number>(); for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const st = readFileSync(`/proc/${d}/stat`, 'utf8'); parent.set(+d, +st.slice(st.lastIndexOf(')') + 2).split(' ')[1]); } catch {} }
  let kb = 0; for (const pid of parent.keys()) { let p: number | undefined = pid; while (p && p !== rootPid) p = parent.get(p); if (p !== rootPid) continue; try { kb += +(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0); } catch {} } return kb / 1024; }
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jzx-'));
const data = demoSlipData(400, 50);
for (const [chunk, par] of [[100, 1], [100, 2], [200, 1], [50, 1]]) {
  const printer = createPrinter();
  await printer.printPdf('<p>x</p>', { format: 'A4' });
  let peak = 0; const s = setInterval(() => { peak = Math.max(peak, tree(process.pid)); }, 100);
  const t = performance.now();
  await processJob('slips', data, { printer, dataDir, jobId: `x${chunk}-${par}`, progress: () => {}, slipChunk: chunk, parallel: par });
  clearInterval(s);
  console.log({ chunk, par, ms: Math.round(performance.now() - t), peakMb: Math.round(peak), load: os.loadavg()[0].toFixed(1) });
  await printer.close();
}
