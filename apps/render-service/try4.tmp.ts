import { readdirSync, readFileSync } from 'node:fs';
import { createPrinter } from './src/printer.js';
function list(rootPid: number) { const parent = new Map<number, number>(); const name = new Map<number,string>(); for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const st = readFileSync(`/proc/${d}/stat`, 'utf8'); parent.set(+d, +st.slice(st.lastIndexOf(')') + 2).split(' ')[1]); name.set(+d, readFileSync(`/proc/${d}/cmdline`,'utf8').replace(/\0/g,' ').slice(0,90)); } catch {} }
  for (const pid of parent.keys()) { let p: number | undefined = pid; while (p && p !== rootPid) p = parent.get(p); if (p !== rootPid) continue; const sm = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'); console.log(pid, 'pss', +(/^Pss:\s+(\d+)/m.exec(sm)?.[1] ?? 0) >> 10, 'rss', +(/^Rss:\s+(\d+)/m.exec(sm)?.[1] ?? 0) >> 10, name.get(pid)); } }
const p = createPrinter();
await p.printPdf('<p>x</p>', { format: 'A4' });
list(process.pid);
await p.close();
