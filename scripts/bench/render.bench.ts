/**
 * Benchmark of the render service: one warm Chromium (as a worker has), fixed demo data (seeded PRNG).
 * Run: node --import tsx scripts/bench/render.bench.ts
 * Prints one JSON line per figure: {"name","value","unit","limit","ok"} (+ detail fields).
 * - 2,000 score slips in one PDF: the whole slips job (validation, HTML, chunked printing, pdf-lib merge), wall time.
 * - a 40-page class report with charts (ECharts SSR → SVG), HTML + PDF, wall time.
 * - one answer card (layout → HTML → PDF), median of 5 after a warm-up.
 * - peak memory (PSS) of this process plus its Chromium processes, sampled every 250 ms (from another process) over the whole run.
 * Wall times on a shared 2-core machine move with the load of other processes: load average and the CPU time
 * of this process tree (cpu_ms) are printed beside them, and the Chromium the product picked (`browser`: system =
 * Debian's or CHROMIUM_PATH, npm = @sparticuz/chromium; CHROMIUM_PATH=npm forces the npm one). Slips use the worker's settings RENDER_SLIP_CHUNK
 * (default 30 with two tabs, 50 with one) and RENDER_PARALLEL (default 2).
 */
import '../../apps/render-service/src/production-env.js';
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCardLayout, DEMO_CARD_INPUT, demoReport, demoSlipData, paginateReport, renderCardHtml, renderReportHtml } from '../../packages/report-templates/src/index.js';
import { describeChromium } from '../../apps/render-service/src/browser.js';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import { processJob } from '../../apps/render-service/src/processors.js';
import { printBench } from './result.js';

let browser = '';
function result(name: string, value: number, unit: string, limit: number, extra: Record<string, unknown> = {}) {
  printBench({ name, value: Math.round(value), unit, limit, ok: value <= limit, browser, ...extra });
}

/** CPU time (ms) used so far by this process and its descendants (utime+stime+cutime+cstime: Chromium's
 *  renderers are reaped by its zygote, so their time lands in the zygote's cutime). Load-independent, unlike wall time. */
function treeCpuMs(rootPid: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ').pop()!.split(' ');
      parent.set(Number(d), Number(f[1]));
      ticks.set(Number(d), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    } catch { /* gone */ }
  }
  let t = 0;
  for (const pid of parent.keys()) {
    let p: number | undefined = pid;
    while (p && p !== rootPid) p = parent.get(p);
    if (p === rootPid) t += ticks.get(pid)!;
  }
  return t * 10; // USER_HZ = 100
}

// memory is sampled from another process: reading smaps_rollup in this one slowed the slips by half
const sampler = fork(path.join(import.meta.dirname, 'pss-sampler.mjs'), [String(process.pid), process.env.PSS_SAMPLE_MS ?? '250']);
let peak: number;
const load = () => os.loadavg()[0].toFixed(2);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-bench-'));
const printer = createPrinter();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await printer.printPdf('<!DOCTYPE html><html><body>预热</body></html>', { format: 'A4' });
  browser = describeChromium(printer.browser()!);

  // answer card
  const cardTimes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    await printer.printPdf(renderCardHtml(buildCardLayout(DEMO_CARD_INPUT)), { format: 'A4' });
    if (i > 0) cardTimes.push(performance.now() - t);
  }
  result('render_card_3_pages', median(cardTimes), 'ms', 1000, { load: load() });

  // 40-page class report with charts
  const report = demoReport(19, 40);
  const pages = paginateReport(report).length;
  const rcpu0 = treeCpuMs(process.pid);
  let t = performance.now();
  const html = renderReportHtml(report);
  const htmlMs = performance.now() - t;
  const pdf = await printer.printPdf(html, { width: '908px', height: '1285px' });
  result(`render_report_${pages}_pages`, performance.now() - t, 'ms', 10000, { cpu_ms: treeCpuMs(process.pid) - rcpu0, html_ms: Math.round(htmlMs), pdf_kb: pdf.length >> 10, load: load() });

  // 2,000 score slips in one PDF
  const slips = demoSlipData(2000, 50);
  const cpu0 = treeCpuMs(process.pid);
  t = performance.now();
  const r = await processJob('slips', slips, {
    printer, workDir: dataDir, jobId: 'bench-slips', progress: () => undefined,
    slipChunk: process.env.RENDER_SLIP_CHUNK ? Number(process.env.RENDER_SLIP_CHUNK) : undefined, parallel: Number(process.env.RENDER_PARALLEL ?? 2),
  });
  const ms = performance.now() - t;
  const cpu = treeCpuMs(process.pid) - cpu0;
  result('render_slips_2000', ms, 'ms', 30000, { cpu_ms: cpu, per_slip_ms: +(ms / 2000).toFixed(1), pdf_mb: +(readFileSync(r.resultPath).length / 2 ** 20).toFixed(1), load: load() });
} finally {
  peak = await new Promise<number>((resolve) => {
    sampler.once('message', (m: { peak: number }) => resolve(m.peak));
    sampler.send('stop');
  });
  await printer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
result('render_worker_peak_pss', peak, 'MB', 1024);
