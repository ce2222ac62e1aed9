/**
 * 复制考试设置 (/copeSettiing; docs/DOMAIN-RULES.md §2 "Copying an exam's set-up"): one exam's set-up onto another
 * exam of the school, previewed first, then written in one transaction under the target exam's score lock.
 *
 * - 分析设置: every family's effective exam-wide value of the source becomes the target's own value; a subject's own
 *   values follow for the subjects both exams have (a target subject's own value is removed where the source
 *   subject has none, so it follows the exam again). 科目组合 naming a subject the target lacks is refused.
 * - 小题与答案: per subject both exams have (same course), the source's questions, keys, 少选 rules, question groups and
 *   knowledge points replace the target's. Refused for a subject: the full scores differ, the source has no
 *   questions, the target exam is released or the target subject already has scores.
 * Who: viewers of the source exam who may edit the target exam (school administrator, grade leader of its grade).
 */
import { COURSE_LEVEL_FAMILIES, SETTING_FAMILIES, SETTING_FAMILY_NAMES, resolveSetting, sameSettingValue, settingSummary, type SettingFamily } from '@jz/shared/api/exam-setting';
import type { CopyExamBody, CopyPreview } from '@jz/shared/api/exam-copy';
import type { QuestionInput } from '@jz/shared/api/exam';
import type { Db, Tx } from '../../db/database.js';
import { BizError, forbidden } from '../../core/http.js';
import { withScoreWrites } from '../score/score-write.service.js';
import * as settingRepo from '../exam-setting/exam-setting.repository.js';
import { canEditExam, examFor, type SchoolUser } from './exam.access.js';
import { questionInputsOf, replaceQuestionSet } from './exam-question.service.js';
import * as repo from './exam.repository.js';

type Stored = settingRepo.StoredSetting;

interface SettingWrite { family: SettingFamily; courseCode: string | null; value: unknown | undefined }
interface SubjectWrite { id: number; fullScore: number; questions: QuestionInput[] }
interface Plan { preview: CopyPreview; settings: SettingWrite[]; subjects: SubjectWrite[] }

/** The question sets compared as they would be saved (ids and order of keys aside). */
const sameQuestions = (a: QuestionInput[], b: QuestionInput[]) => JSON.stringify(a) === JSON.stringify(b);

function planSettings(src: Stored[], tgt: Stored[], srcCourses: Map<string, string>, tgtCourses: Map<string, string>, out: Plan) {
  for (const family of SETTING_FAMILIES) {
    const from = resolveSetting(family, src).value;
    const to = resolveSetting(family, tgt).value;
    const base = { family, familyName: SETTING_FAMILY_NAMES[family], courseCode: null, courseName: null, from: settingSummary(family, from), to: settingSummary(family, to) };
    if (family === 'subjectCombos') {
      const missing = [...new Set((from as { combos: { courseCodes: string[] }[] }).combos.flatMap((c) => c.courseCodes))].filter((c) => !tgtCourses.has(c));
      if (missing.length) {
        out.preview.settings.push({ ...base, action: 'skip', reason: `科目组合中的${missing.map((c) => srcCourses.get(c) ?? c).join('、')}不是目标考试的科目` });
        continue;
      }
    }
    const same = sameSettingValue(from, to);
    out.preview.settings.push({ ...base, action: same ? 'same' : 'copy', reason: null });
    if (!same) out.settings.push({ family, courseCode: null, value: from });
  }
  // a subject's own values: listed where either exam has one
  const own = (rows: Stored[], f: string, code: string) => rows.find((s) => s.family === f && s.courseCode === code);
  for (const family of COURSE_LEVEL_FAMILIES) {
    for (const [code, name] of srcCourses) {
      const s = own(src, family, code);
      const t = tgtCourses.has(code) ? own(tgt, family, code) : undefined;
      if (!s && !t) continue;
      const base = { family, familyName: SETTING_FAMILY_NAMES[family], courseCode: code, courseName: name, from: s ? settingSummary(family, s.value) : '沿用整场考试设置', to: t ? settingSummary(family, t.value) : '沿用整场考试设置' };
      if (!tgtCourses.has(code)) { out.preview.settings.push({ ...base, to: '—', action: 'skip', reason: '目标考试没有该科目' }); continue; }
      const same = !!s && !!t && sameSettingValue(s.value, t.value);
      out.preview.settings.push({ ...base, action: same ? 'same' : 'copy', reason: null });
      if (!same) out.settings.push({ family, courseCode: code, value: s?.value });
    }
  }
}

/** What the copy would write and why it refuses what it refuses; read inside the copy's own transaction too. */
async function plan(q: Db | Tx, user: SchoolUser, body: CopyExamBody): Promise<Plan> {
  if (body.fromExamId === body.toExamId) throw new BizError('源考试与目标考试相同，请选择另一场考试');
  const from = await examFor(q, user, body.fromExamId);
  const to = await examFor(q, user, body.toExamId);
  if (!canEditExam(user, to)) throw forbidden();
  const [srcSubjects, tgtSubjects] = await Promise.all([repo.subjectsOf(q, [from.id]), repo.subjectsOf(q, [to.id])]);
  const out: Plan = {
    preview: {
      fromExam: { id: from.id, name: from.name, gradeName: from.gradeName },
      toExam: { id: to.id, name: to.name, gradeName: to.gradeName, released: !!to.releasedAt },
      settings: [], subjects: [], changes: 0,
    },
    settings: [], subjects: [],
  };
  if (body.parts.includes('settings')) {
    const [src, tgt] = await Promise.all([settingRepo.storedOf(q, from.id), settingRepo.storedOf(q, to.id)]);
    planSettings(src, tgt, new Map(srcSubjects.map((s) => [s.courseCode, s.courseName])), new Map(tgtSubjects.map((s) => [s.courseCode, s.courseName])), out);
  }
  if (body.parts.includes('questions')) {
    for (const s of srcSubjects.filter((x) => !tgtSubjects.some((t) => t.courseCode === x.courseCode))) {
      out.preview.subjects.push({ courseCode: s.courseCode, courseName: s.courseName, action: 'skip', questions: s.questionCount, targetQuestions: 0, reason: '目标考试没有该科目' });
    }
    for (const t of tgtSubjects) {
      const s = srcSubjects.find((x) => x.courseCode === t.courseCode);
      const row = { courseCode: t.courseCode, courseName: t.courseName, questions: s?.questionCount ?? 0, targetQuestions: t.questionCount };
      const refuse = (reason: string) => out.preview.subjects.push({ ...row, action: 'skip', reason });
      if (!s) { refuse('源考试没有该科目'); continue; }
      if (!s.questionCount) { refuse('源考试的该科目还没有设置小题'); continue; }
      if (Math.abs(s.fullScore - t.fullScore) > 1e-6) { refuse(`满分不同（源 ${s.fullScore} 分，目标 ${t.fullScore} 分）`); continue; }
      if (to.releasedAt) { refuse('目标考试成绩已发布，不能修改小题'); continue; }
      if (t.totalsOnly || await repo.subjectHasScores(q, t.id)) { refuse('目标科目已有成绩，不能复制小题（请在“小题编辑”中修改）'); continue; }
      const [questions, current] = await Promise.all([questionInputsOf(q, s.id), questionInputsOf(q, t.id)]);
      const same = sameQuestions(questions, current);
      out.preview.subjects.push({ ...row, action: same ? 'same' : 'copy', reason: null });
      if (!same) out.subjects.push({ id: t.id, fullScore: t.fullScore, questions });
    }
  }
  out.preview.changes = out.settings.length + out.subjects.length;
  return out;
}

/** exam_manage/synchronize_preview: what the copy would change, and what it refuses and why. */
export async function previewCopy(db: Db, user: SchoolUser, body: CopyExamBody): Promise<CopyPreview> {
  return (await plan(db, user, body)).preview;
}

/** exam_manage/synchronize_exam: the copy, planned again and written in one transaction; nothing to change is refused. */
export async function copyExam(db: Db, user: SchoolUser, body: CopyExamBody): Promise<{ preview: CopyPreview; msg: string }> {
  const to = await examFor(db, user, body.toExamId);
  const done = await withScoreWrites(db, to.id, async (tx) => {
    const p = await plan(tx, user, body);
    if (!p.preview.changes) throw new BizError('没有需要复制的内容：所选内容与源考试相同，或无法复制（见预览中的原因）');
    for (const w of p.settings) {
      if (w.value === undefined) await settingRepo.deleteSetting(tx, to.id, w.family, w.courseCode);
      else await settingRepo.upsertSetting(tx, to.id, w.courseCode, w.family, JSON.stringify(w.value), user.id);
    }
    for (const s of p.subjects) await replaceQuestionSet(tx, to.id, { id: s.id, fullScore: s.fullScore }, s.questions, false);
    return p;
  });
  const msg = [done.settings.length ? `${done.settings.length} 项分析设置` : '', done.subjects.length ? `${done.subjects.length} 个科目的小题与答案` : ''].filter(Boolean).join('、');
  return { preview: await previewCopy(db, user, body), msg: `已复制 ${msg}` };
}
