/**
 * The whole embedded server printing a grade's slips: `npm start`'s process (api + PGlite + in-process render queue +
 * its Chromium) started fresh in a child (embedded-print-server.ts) with an empty DATA_DIR, which seeds the demo,
 * then prints 2,000 score slips into one PDF. Peak memory of the child's process tree (itself and Chromium's
 * processes) is sampled every 250 ms from a separate process over the whole run, start-up and seeding included:
 * summed RSS (the limit, 2 GB; shared pages counted once per process) and PSS beside it.
 * Run: node --import tsx scripts/bench/embedded-print.bench.ts
 */
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printBench } from './result.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-embedded-bench-'));
const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1' };
delete env.REDIS_URL;
delete env.DATABASE_URL;
try {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'embedded-print-server.ts')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const sampler = fork(path.join(import.meta.dirname, 'pss-sampler.mjs'), [String(child.pid), process.env.PSS_SAMPLE_MS ?? '250']);
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  // the last sample is taken after the child is gone: the peak is what was seen while it ran
  const mem = await new Promise<{ peak: number; peakRss: number }>((resolve) => {
    sampler.once('message', (m: { peak: number; peakRss: number }) => resolve(m));
    sampler.send('stop');
  });
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`嵌入式服务进程失败（退出码 ${code}）：${out}`);
  const r = JSON.parse(line) as { ms: number; pages: number; browser: string };
  if (r.pages !== 2000) throw new Error(`PDF 页数 ${r.pages}，应为 2000`);
  printBench({ name: 'embedded_server_print_2000_slips_peak_rss', value: Math.round(mem.peakRss), unit: 'MB', limit: 1200,
    ok: mem.peakRss <= 1200, peak_pss_mb: Math.round(mem.peak), slips_ms: r.ms, browser: r.browser, load: os.loadavg()[0].toFixed(2) });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
