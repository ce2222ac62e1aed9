// Peak memory (PSS and RSS, MB) of a process tree, sampled from a separate process so that reading /proc/<pid>/smaps_rollup
// (a page-table walk per Chromium process, ≈ 15 s of lost time over a 30 s run when done every 100 ms in the
// measured process itself) does not slow the measured process. Started with fork(); the parent sends 'stop' and
// receives { peak, peakRss } (RSS summed over the processes counts shared pages once per process: an upper bound). Usage: fork('scripts/bench/pss-sampler.mjs', [rootPid, intervalMs]).
import { readdirSync, readFileSync } from 'node:fs';

const root = Number(process.argv[2]);
const interval = Number(process.argv[3] ?? 250);

/** PSS and summed RSS (MB) of `rootPid` and its descendants, this sampler excluded. */
export function treeMemMb(rootPid, exclude = process.pid) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  let pss = 0;
  let rss = 0;
  for (const pid of parent.keys()) {
    if (pid === exclude) continue;
    let p = pid;
    while (p && p !== rootPid) p = parent.get(p);
    if (p !== rootPid) continue;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch { /* gone */ }
  }
  return { pss: pss / 1024, rss: rss / 1024 };
}

if (root) {
  let peak = 0;
  let peakRss = 0;
  const sample = () => {
    const m = treeMemMb(root);
    peak = Math.max(peak, m.pss);
    peakRss = Math.max(peakRss, m.rss);
  };
  const timer = setInterval(sample, interval);
  process.on('message', (m) => {
    if (m !== 'stop') return;
    clearInterval(timer);
    sample();
    process.send({ peak, peakRss }, () => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}
