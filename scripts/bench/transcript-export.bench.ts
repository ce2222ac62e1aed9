/**
 * Benchmark of the transcript export: 100,000 synthetic transcript rows (9 subjects + 总分, score, class rank
 * and grade rank each; seeded PRNG) through the report module's streaming writer (writeTranscriptXlsx,
 * exceljs WorkbookWriter) into a byte-counting sink. Rows are generated lazily, as the export reads them.
 * Prints {"name":"transcript_export_100000",...} (limit 10 s) and {"name":"transcript_export_peak_rss",...}
 * (limit 300 MB; sampled every 50 ms over the whole run).
 * Run: node --import tsx scripts/bench/transcript-export.bench.ts
 */
import { Writable } from 'node:stream';
import type { Transcript, TranscriptRow } from '@jz/shared/api/report';
import { writeTranscriptXlsx } from '../../apps/api/src/modules/report/report.export.js';
import { mulberry32 } from '@jz/shared/random';
import { printBench } from './result.js';

const ROWS = 100_000;
const LIMIT_MS = 10_000;
const LIMIT_MB = 300;


async function main() {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  const rand = mulberry32(100000);
  const names = ['语文', '数学', '英语', '物理', '化学', '生物', '政治', '历史', '地理'];
  const columns = [...names.map((n, i) => ({ code: `C${i}`, name: n, fullScore: i < 3 ? 150 : 100, isTotal: false })), { code: 'TOTAL', name: '总分', fullScore: 1050, isTotal: true }];
  // A lazy list: the export iterates it once, row by row.
  const records = {
    length: ROWS,
    *[Symbol.iterator](): Iterator<TranscriptRow> {
      for (let i = 0; i < ROWS; i++) {
        const scores = columns.map((c) => (rand() < 0.01 ? null : Math.round(rand() * c.fullScore * 2) / 2));
        const rank = () => (rand() < 0.01 ? null : 1 + Math.floor(rand() * ROWS));
        yield {
          examStudentId: i + 1, admissionNo: `2026${String(i).padStart(7, '0')}`, name: `学生${i + 1}`, classId: 1 + (i % 200), className: `高一${1 + (i % 200)}班`,
          registrationType: '应届', scores, classRanks: columns.map(() => rank()), gradeRanks: columns.map(() => rank()),
        };
      }
    },
  } as unknown as Transcript['records'];
  let bytes = 0;
  const sink = new Writable({ write(chunk: Buffer, _enc, cb) { bytes += chunk.length; cb(); } });
  const started = performance.now();
  await writeTranscriptXlsx(sink, { columns, fields: ['score', 'classRank', 'gradeRank'], records });
  await new Promise<void>((resolve) => (sink.writableFinished ? resolve() : sink.on('finish', () => resolve())));
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = Math.round((peak / 1024 / 1024) * 10) / 10;
  const okFile = bytes > 1_000_000;
  if (!okFile) process.stderr.write(`export wrote only ${bytes} bytes\n`);
  printBench({ name: 'transcript_export_100000', value: ms, unit: 'ms', limit: LIMIT_MS, ok: okFile && ms < LIMIT_MS });
  printBench({ name: 'transcript_export_peak_rss', value: mb, unit: 'MB', limit: LIMIT_MB, ok: mb < LIMIT_MB });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  printBench({ name: 'transcript_export_100000', value: null, unit: 'ms', limit: LIMIT_MS, ok: false });
  process.exitCode = 1;
});
