// Peak memory (PSS, MB) of a process tree, sampled from a separate process so that reading /proc/<pid>/smaps_rollup
// (a page-table walk per Chromium process, ≈ 15 s of lost time over a 30 s run when done every 100 ms in the
// measured process itself) does not slow the measured process. Started with fork(); the parent sends 'stop' and
// receives { peak }. Usage: fork('scripts/bench/pss-sampler.mjs', [rootPid, intervalMs]).
import { readdirSync, readFileSync } from 'node:fs';

const root = Number(process.argv[2]);
const interval = Number(process.argv[3] ?? 250);

/** PSS (MB) of `rootPid` and its descendants, this sampler excluded. */
export function treePssMb(rootPid, exclude = process.pid) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  let kb = 0;
  for (const pid of parent.keys()) {
    if (pid === exclude) continue;
    let p = pid;
    while (p && p !== rootPid) p = parent.get(p);
    if (p !== rootPid) continue;
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch { /* gone */ }
  }
  return kb / 1024;
}

if (root) {
  let peak = 0;
  const timer = setInterval(() => { peak = Math.max(peak, treePssMb(root)); }, interval);
  process.on('message', (m) => {
    if (m !== 'stop') return;
    clearInterval(timer);
    peak = Math.max(peak, treePssMb(root));
    process.send({ peak }, () => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}
