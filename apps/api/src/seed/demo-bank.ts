/**
 * The demo 校本题库 of 示例中学: every question of the three demo exams (nine subjects, about 700 questions) added
 * as 从考试加入题库 does it — measured difficulty and D from the released reports, knowledge points of the papers as
 * the course's tree, source exam and number — with a written stem, options and analysis per question (made from
 * its knowledge point, deterministic), so that 组卷, 知识点掌握 and 错题本 have content on a fresh install.
 * Runs once, when the school's bank is empty; one transaction per exam subject.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { SchoolUser } from '../modules/exam/exam.access.js';
import { addFromExam } from '../modules/question-bank/from-exam.service.js';
import { DEMO_EXAMS } from './demo-exam-build.js';

/** A stem for a question of the given type testing `kp`; 数学 and 物理 carry a formula. Deterministic in `seed`. */
export function demoStem(course: string, type: string, kp: string, seed: number): { stem: string; options: { label: string; content: string }[]; analysis: string } {
  const a = (seed % 7) + 2;
  const b = (seed % 5) + 1;
  const formula = course === 'SX' ? `已知 $f(x)=x^{2}-${a}x+${b}$，` : course === 'WL' ? `已知 $v=v_{0}+at$，$a=${a}\\,\\mathrm{m/s^2}$，` : '';
  const analysis = `<p>本题考查“${kp}”。${course === 'SX' ? `由 $\\frac{${a}}{2}$ 得对称轴，再结合条件求解。` : '抓住概念的要点，结合题目条件逐项分析。'}</p>`;
  if (type === 'single' || type === 'multiple') {
    return {
      stem: `<p>${formula}下列关于“${kp}”的说法中，${type === 'single' ? '正确的是' : '正确的有'}（　　）</p>`,
      options: ['A', 'B', 'C', 'D'].map((label, i) => ({ label, content: `关于${kp}的说法${'①②③④'[i]}${course === 'SX' ? `：$x=${a + i}$` : ''}` })),
      analysis,
    };
  }
  if (type === 'fill') return { stem: `<p>${formula}与“${kp}”有关的结论是：__________。</p>`, options: [], analysis };
  return { stem: `<p>${formula}结合“${kp}”的相关知识，完成下列问题，写出必要的过程。</p>`, options: [], analysis };
}

export async function seedDemoBank(db: Db, log?: (line: string) => void): Promise<number> {
  const school = await db.selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirst();
  if (!school) return 0;
  if (await db.selectFrom('bank_question').select('id').where('school_id', '=', school.id).limit(1).executeTakeFirst()) return 0;
  const admin = await db.selectFrom('app_user').select(['id', 'login_id', 'user_name']).where('school_id', '=', school.id).where('login_id', '=', 'admin').executeTakeFirst();
  if (!admin) return 0;
  const user: SchoolUser = {
    id: admin.id, schoolId: school.id, loginId: admin.login_id, userName: admin.user_name, userType: 'teacher', sessionId: 0, kind: 'user',
    roles: [{ roleCode: 'school_admin', gradeId: null, classId: null, courseCode: null }], permissions: new Set(),
  };
  const started = Date.now();
  const exams = await db.selectFrom('exam').select('id').where('school_id', '=', school.id).where('name', 'in', DEMO_EXAMS.map((e) => e.name))
    .where('released_at', 'is not', null).orderBy('start_date').execute();
  let added = 0;
  for (const e of exams) {
    const subjects = await db.selectFrom('exam_subject').select('course_code').where('exam_id', '=', e.id).orderBy('sort').execute();
    for (const s of subjects) added += (await addFromExam(db, user, e.id, s.course_code)).added;
  }
  // Stems written from each question's first knowledge point (the exam keeps none).
  const rows = await db.selectFrom('bank_question as q').leftJoin('bank_question_point as qp', 'qp.question_id', 'q.id').leftJoin('bank_knowledge_point as p', 'p.id', 'qp.point_id')
    .select(['q.id', 'q.course_code', 'q.type', 'p.name']).where('q.school_id', '=', school.id).orderBy('q.id').orderBy('p.id').execute();
  const seen = new Set<number>();
  const values = rows.flatMap((r) => {
    if (seen.has(r.id)) return [];
    seen.add(r.id);
    const s = demoStem(r.course_code, r.type, r.name ?? '基础知识', r.id);
    return [sql`(${r.id}::int, ${s.stem}, ${s.analysis}, ${s.options.length ? JSON.stringify(s.options) : null}::jsonb)`];
  });
  // One statement per 500 questions rather than one per question (the seed stays quick on PGlite).
  for (let i = 0; i < values.length; i += 500) {
    await sql`update bank_question q set stem = v.stem, analysis = v.analysis, options = coalesce(v.options, q.options)
      from (values ${sql.join(values.slice(i, i + 500))}) as v(id, stem, analysis, options) where q.id = v.id`.execute(db);
  }
  log?.(`校本题库演示数据：${added} 道试题，${Date.now() - started} ms`);
  return added;
}
