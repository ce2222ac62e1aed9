// `npm run bench`: runs every scripts/bench/*.bench.ts in its own process (clean memory figures);
// each prints JSON lines {"name","value","unit","limit","ok"}. Every line is checked again here (result.ts benchLine):
// an impossible figure (negative, NaN, missing on an ok line) is printed and counted as ok: false.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { benchLine, type BenchLine } from './bench/result.js';

const dir = path.join(import.meta.dirname, 'bench');
const only = process.argv[2];
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(dir, file)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { NODE_ENV: 'production', ...process.env } });
  for (const text of run.stdout.split('\n').filter((l) => l.trim().startsWith('{'))) {
    let parsed: BenchLine;
    try { parsed = JSON.parse(text) as BenchLine; } catch { console.log(text); continue; } // not a result line
    const checked = benchLine(parsed);
    console.log(checked === parsed ? text : JSON.stringify(checked));
    if (checked.ok === false) failed++;
  }
  if (run.status !== 0) { console.error(`${file} 运行失败`); failed++; }
}
process.exit(failed ? 1 : 0);
