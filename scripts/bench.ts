// `npm run bench`: runs every scripts/bench/*.bench.ts in its own process (clean memory figures);
// each prints JSON lines {"name","value","unit","limit","ok"}.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'bench');
const only = process.argv[2];
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(dir, file)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { NODE_ENV: 'production', ...process.env } });
  for (const line of run.stdout.split('\n').filter((l) => l.trim().startsWith('{'))) {
    console.log(line);
    try { if (JSON.parse(line).ok === false) failed++; } catch { /* not a result line */ }
  }
  if (run.status !== 0) { console.error(`${file} 运行失败`); failed++; }
}
process.exit(failed ? 1 : 0);
