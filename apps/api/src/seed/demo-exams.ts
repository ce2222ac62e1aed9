/**
 * The demo exams of 示例中学 高一 (first term 2026-2027), seeded on the first start after the school seed:
 * 2026学年高一第一次月考 (月考), 2026学年高一期中考试 (期中, reference: the 月考) and 2026学年高一期末考试 (期末,
 * reference: the 期中), dated back from the seeding day (all past, in that order: demoExamSpecs), nine subjects,
 * all eight classes, every one released
 * so the reports have content. Questions and scores: demo-exam-papers.ts and demo-exam-scores.ts (deterministic);
 * writing: demo-exam-build.ts; release: the release module.
 */
import type { Db } from '../db/database.js';
import { releaseExam } from '../modules/release/release.service.js';
import { createDemoExams, type BuildOptions } from './demo-exam-build.js';

export { DEMO_EXAMS, demoExamSpecs } from './demo-exam-build.js';

/** Creates and releases the demo exams, oldest first (so each reference exam is released before the next). Returns their ids; [] when already present. */
export async function seedDemoExams(db: Db, options: BuildOptions = {}): Promise<number[]> {
  const ids = await createDemoExams(db, options);
  for (const id of ids) {
    const started = Date.now();
    await releaseExam(db, id);
    options.log?.(`考试 ${id} 已发布, ${Date.now() - started} ms`);
  }
  return ids;
}
