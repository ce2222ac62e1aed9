// The printed 校际对比 of the demo joint exam (seed/demo-joint.ts: 2026学年高一联考, organised by the bureau `bureau`),
// through the api's render job on a seeded embedded database and the npm Chromium, as the 学校对比 page's 打印 makes
// it (reports [] = 校际对比 alone). Checks: every confirmed school's name is one whole printed line, no text ends in
// '…', no line runs past the page's right edge or below the foot line, and the rasterised pages (mupdf, 50 dpi)
// have ink inside the page and a blank right margin (nothing drawn off the table).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { pdfLines, pdfText, pdfToPngs } from '../helpers/pdf.js';

type App = Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let app: App;
let dataDir: string;
let bureau: string;
let examId: number;
let schools: string[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-joint-print-'));
  const pglite = await PGlite.create({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  database = await openDatabase({ pglite });
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  app = await buildApp({ db: database.db, config: { ...loadConfig({}), dataDir, webDist: undefined } });
  const user = await database.db.selectFrom('app_user').select('id').where('login_id', '=', 'bureau').executeTakeFirstOrThrow();
  bureau = await createSession(database.db, user.id, 'user', 3600_000);
  examId = (await database.db.selectFrom('exam').select('id').where('name', '=', '2026学年高一联考').executeTakeFirstOrThrow()).id;
  schools = (await database.db.selectFrom('exam_school as x').innerJoin('school as s', 's.id', 'x.school_id').select('s.name')
    .where('x.exam_id', '=', examId).where('x.status', '=', 'confirmed').execute()).map((s) => s.name);
}, 600_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await app.inject({ method, url, headers: { authorization: bureau }, payload: payload as object });
  const body = JSON.parse(res.body) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

describe('printed 校际对比 of the demo joint exam', () => {
  it('prints every school whole, nothing cut or off the page', async () => {
    expect(schools.length).toBeGreaterThanOrEqual(2);
    const { jobId } = await call<{ jobId: string }>('POST', '/api/v1/render/jobs', { type: 'report', examId, reports: [] });
    const end = Date.now() + 300_000;
    for (;;) {
      const job = await call<{ state: string; error: string | null }>('GET', `/api/v1/render/jobs/${jobId}`);
      if (job.state === 'completed' || job.state === 'failed') { expect(job.error).toBeNull(); break; }
      if (Date.now() > end) throw new Error('打印任务超时');
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await app.inject({ url: `/api/v1/render/jobs/${jobId}/file`, headers: { authorization: bureau } });
    const file = path.join(dataDir, 'contrast.pdf');
    writeFileSync(file, res.rawPayload);

    const text = pdfText(file);
    expect(text).not.toContain('…');
    expect(text.replace(/\s+/g, '')).toContain('校际对比');
    const pages = pdfLines(file);
    const lines = pages.flatMap((p) => p.lines.map((l) => l.text.trim()));
    for (const s of [...schools, '联考全体']) expect(lines, `「${s}」被截断或折行`).toContain(s);
    const pngs = pdfToPngs(file, 50);
    expect(pngs.length).toBe(pages.length);
    pages.forEach((p, i) => {
      const png = PNG.sync.read(pngs[i]!);
      const width = png.width * 72 / 50; // page width in points
      for (const l of p.lines) expect(l.x + l.w, `「${l.text}」超出页面`).toBeLessThanOrEqual(width + 0.5);
      const foot = p.lines.find((l) => l.text.startsWith('大数据精准教学诊断平台'));
      if (foot) for (const l of p.lines) if (l !== foot && !l.text.startsWith('第 ')) expect(l.y + l.h, l.text).toBeLessThan(foot.y);
      // ink somewhere on the page, none in the outer 2 % at the right (the table stays inside its margins)
      let ink = 0;
      let edge = 0;
      for (let y = 0; y < png.height; y++) {
        for (let x = 0; x < png.width; x++) {
          const k = (y * png.width + x) * 4;
          if (png.data[k]! + png.data[k + 1]! + png.data[k + 2]! < 600) {
            ink++;
            if (x >= png.width * 0.98) edge++;
          }
        }
      }
      expect(ink).toBeGreaterThan(0);
      expect(edge, `第 ${i + 1} 页右边缘有内容`).toBe(0);
    });
  });
});
