/**
 * 从考试加入题库: a released exam's questions of one course into the school's bank, with their measured
 * difficulty (得分率) and discrimination D of the whole grade from the stored report set, their knowledge points
 * (matched to the course's tree by name; a name the tree lacks becomes a first-level point), the source exam and
 * question number. Re-adding updates the measured values and adds points; the stem a teacher wrote stays.
 * The exam keeps no question text (the card holds answer areas only), so a new question's stem names the exam and
 * number for the teacher to complete; choice questions get empty options A–D (or up to the key's last letter).
 */
import { KNOWLEDGE_NAME_MAX } from '@jz/shared/knowledge-tree';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { loadReportSet, reportsOf } from '../report/report.store.js';
import { canEditQuestions, knownCourse } from './question-bank.service.js';
import * as bank from './question-bank.repository.js';
import * as repo from './bank-out.repository.js';

/** numeric(4,3): three decimals, inside the column's range. */
const index3 = (v: number | null | undefined, lo: number) => (v === null || v === undefined || !Number.isFinite(v) ? null : Math.min(1, Math.max(lo, Math.round(v * 1000) / 1000)));

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function choiceOptions(answer: string | null) {
  const last = Math.max(3, ...[...(answer ?? '').toUpperCase()].map((c) => c.charCodeAt(0) - 65).filter((n) => n >= 0 && n < 8));
  return Array.from({ length: last + 1 }, (_, i) => ({ label: String.fromCharCode(65 + i), content: '' }));
}

function bankAnswer(type: string, key: string | null): string {
  if (!key) return '';
  if (type === 'judge') return key.toUpperCase() === 'T' ? '正确' : key.toUpperCase() === 'F' ? '错误' : key;
  return key;
}

export async function addFromExam(db: Db, user: SchoolUser, examId: number, courseCode: string) {
  await knownCourse(db, user, courseCode);
  if (!canEditQuestions(user, courseCode)) throw forbidden();
  const subject = await repo.examSubject(db, user.schoolId, examId, courseCode);
  if (!subject) throw notFound('考试科目');
  const loaded = await loadReportSet(db, examId);
  if (!loaded) throw new BizError('该考试成绩尚未发布，发布后才能把试题加入题库（难度与区分度取自分析报告）');
  const table = (await reportsOf(db, loaded, '0', ['paper'])).paper.find((p) => p.code === courseCode);
  if (!table) throw new BizError('该科目不在本次考试的分析报告中');
  const measured = new Map(table.questions.map((q) => [q.no, q]));
  return db.transaction().execute(async (tx) => {
    const questions = await repo.subjectQuestions(tx, subject.id);
    if (!questions.length) throw new BizError('该科目还没有设置小题');
    const existing = new Map((await repo.bankBySource(tx, user.schoolId, questions.map((q) => q.id))).map((b) => [b.source_question_id!, b.id]));
    const points = await bank.pointsOf(tx, user.schoolId, courseCode);
    const pointByName = new Map<string, number>();
    for (const p of points) if (!pointByName.has(p.name)) pointByName.set(p.name, p.id);
    let pointsCreated = 0;
    const pointIdOf = async (name: string) => {
      let pid = pointByName.get(name);
      if (pid === undefined) {
        pid = await bank.insertPoint(tx, { school_id: user.schoolId, course_code: courseCode, parent_id: null, name, sort: 0 });
        pointByName.set(name, pid);
        pointsCreated++;
      }
      return pid;
    };
    let updated = 0;
    const fresh: repo.NewBankRow[] = [];
    const links: { source: number; names: string[] }[] = [];
    for (const q of questions) {
      const m = measured.get(q.no);
      const values = {
        type: q.type, answer: bankAnswer(q.type, q.answer),
        difficulty: index3(m?.scoreRate, 0), discrimination: index3(m?.discrimination, -1), source_exam_id: examId,
      };
      const bankId = existing.get(q.id);
      if (bankId !== undefined) {
        await repo.refreshFromExam(tx, user.schoolId, bankId, values);
        updated++;
      } else {
        const stem = `<p>${escapeHtml(`第${q.no}题（${subject.exam_name} · ${subject.course_name}，满分 ${Number(q.full_score)} 分）`)}</p>`;
        const options = JSON.stringify(q.type === 'single' || q.type === 'multiple' ? choiceOptions(q.answer) : []);
        fresh.push({ school_id: user.schoolId, course_code: courseCode, stem, options, ...values, source_question_id: q.id, created_by: user.id });
      }
      links.push({ source: q.id, names: [...new Set((q.knowledge_points ?? []).map((k) => k.trim().slice(0, KNOWLEDGE_NAME_MAX)).filter(Boolean))] });
    }
    for (const r of await repo.insertFromExam(tx, fresh)) existing.set(r.source_question_id!, r.id);
    const pairs: { question_id: number; point_id: number }[] = [];
    for (const l of links) for (const n of l.names) pairs.push({ question_id: existing.get(l.source)!, point_id: await pointIdOf(n) });
    await repo.addPoints(tx, pairs);
    const added = fresh.length;
    return { added, updated, pointsCreated };
  });
}
