/**
 * Benchmark: import 10,000 students from one xlsx through POST /api/v1/pc_excel/import_class_student on a fresh
 * in-memory PGlite (migrated and demo-seeded like the tests' base database). Target < 10 s.
 * Run: node --import tsx scripts/bench/import-students.bench.ts — prints one JSON line.
 */
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { STUDENT_TEMPLATE } from '@jz/shared/excel-templates';
import { benchApp } from './lib.js';
import { printBench } from './result.js';

const ROWS = 10_000;
const LIMIT_MS = 10_000;

async function main() {
  const bench = await benchApp({ exams: false });
  const db = bench.db;
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const classes = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['c.name', 'g.name as grade']).where('c.school_id', '=', school.id).orderBy('g.sort').orderBy('c.sort').execute();
  const token = await bench.tokenFor('admin');

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(STUDENT_TEMPLATE.sheetName);
  ws.addRow(STUDENT_TEMPLATE.columns.map((c) => c.header));
  for (let i = 0; i < ROWS; i++) {
    const c = classes[i % classes.length]!;
    ws.addRow([`压测学生${i + 1}`, `B${String(i + 1).padStart(7, '0')}`, i % 2 ? '女' : '男', i % 17 === 0 ? '借读' : '应届', c.grade, c.name]);
  }
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = `----jzbench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  const app = bench.app;
  const started = performance.now();
  const res = await app.inject({
    method: 'POST', url: '/api/v1/pc_excel/import_class_student', payload,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const ms = Math.round(performance.now() - started);
  const body = res.json() as { code: number; msg: string; data: { created?: number } };
  const count = await db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', school.id).where('admission_no', 'like', 'B%').executeTakeFirstOrThrow();
  const correct = body.code === 200 && body.data.created === ROWS && Number(count.n) === ROWS;
  if (!correct) process.stderr.write(`import answered ${JSON.stringify(body).slice(0, 500)}; rows in database ${count.n}\n`);
  await bench.close();
  printBench({ name: 'import_10000_students', value: ms, unit: 'ms', limit: LIMIT_MS, ok: correct && ms < LIMIT_MS });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  printBench({ name: 'import_10000_students', value: null, unit: 'ms', limit: LIMIT_MS, ok: false, reason: err instanceof Error ? err.message : String(err) });
  process.exitCode = 1;
});
