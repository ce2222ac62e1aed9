// Child of embedded-print.bench.ts: `npm start` as apps/api/src/server.ts does it (PGlite in DATA_DIR/db, migrations,
// demo seed, web + api listening, jobs in the in-process job layer), then one slips render job of 2,000 students
// created through the app's job layer (job row + input file), as the 打印 button would. Prints one JSON line {ms, pages, browser} and exits.
import '../../apps/render-service/src/production-env.js';
import path from 'node:path';
import { demoSlipData } from '../../packages/report-templates/src/index.js';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { describeChromium, resolveChromium } from '../../apps/render-service/src/browser.js';
import { renderStatus, startRenderJob } from '../../apps/api/src/modules/render/render.jobs.js';
import { findJob } from '../../apps/api/src/modules/job/job.repository.js';

// BENCH_MEM_LOG=1: the process's memory (RSS, V8 heap, external/array buffers: PGlite's WASM memory is among
// them) every 2 s on stderr, with the phase, to see where the tree's peak comes from.
let phase = 'start';
if (process.env.BENCH_MEM_LOG === '1') {
  const mb = (n: number) => Math.round(n / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    process.stderr.write(`mem ${phase} rss=${mb(m.rss)} heapUsed=${mb(m.heapUsed)} heapTotal=${mb(m.heapTotal)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}\n`);
  }, 2000).unref();
}
const config = loadConfig();
if (config.redisUrl || config.databaseUrl) throw new Error('embedded bench: unset REDIS_URL and DATABASE_URL');
const database = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
await migrateToLatest(database.db);
phase = 'seed';
await seedDemoIfEmpty(database.db);
phase = 'print';
const app = await buildApp({ db: database.db, config });
await app.listen({ port: 0, host: '127.0.0.1' });
const t = performance.now();
const id = await startRenderJob(app.ctx, { type: 'slips', owner: { schoolId: 1, userId: 1 }, fileName: 'slips.pdf', zip: false, examId: null, createdBy: null },
  [{ name: 'slips.pdf', params: demoSlipData(2000, 50) }]);
let pdf: Buffer;
for (;;) {
  const s = await renderStatus(app.ctx, (await findJob(database.db, id))!);
  if (s.state === 'failed') throw new Error(s.error ?? '');
  if (s.state === 'completed') { pdf = await app.ctx.storage.getBytes(s.key!); break; }
  await new Promise((r) => setTimeout(r, 100));
}
const ms = performance.now() - t;
const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
console.log(JSON.stringify({ ms: Math.round(ms), pages, browser: describeChromium(await resolveChromium()) }));
await app.close();
await database.close();
process.exit(0);
