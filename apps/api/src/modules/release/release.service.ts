/**
 * Score release (publish/release; docs/DOMAIN-RULES.md §6), in the four visible steps of the score upload page:
 * 1 校验成绩数据 — every exam subject has questions (or imported totals) and every exam student is either
 *   absent (缺考) or has a score for every question of each subject; otherwise a Chinese error naming what is missing;
 * 2 计算科目成绩与总分 — the exam is loaded into the engine's input model (students, classes, subjects and
 *   questions, question scores and marks, absences, the exam's analysis settings, the reference exam's ranks)
 *   and packages/analysis prepares subject scores and totals;
 * 3 计算排名 — class and grade competition ranks (the engine's transcript);
 * 4 生成分析报告 — the engine's reports for every student, per 学籍类型 (a view of the same matrices) and 等级赋分,
 *   one variant and one report at a time, each written as a part of the next version (exam_report_part) and
 *   dropped, so memory holds the input and one report; then ONE
 *   transaction writes student_score, moves exam_report to that version (readers see it from then on) and sets
 *   exam status 4 / released_at. A failure leaves the version readers see as it was (its parts are deleted).
 *
 * Release is a job of the job layer (modules/job): POST answers at once, the job runs in this process or on any
 * api instance's BullMQ worker, and GET publish/progress reads the job row, so any instance answers. While it
 * runs it holds the exam's lease: score writes are refused (成绩正在发布，请稍后再试) and a second release gets
 * 409. Re-release recomputes everything.
 */
import {
  buildTranscript, encodeChoice, prepareExam, reportBuilders,
  type AnalysisInput, type PreparedExam, type AnalysisSettings, type ReferenceExam, type StudentInput, type SubjectInput, type SubjectScores,
} from '@jz/analysis';
import { LEVEL_ASSIGNED_COURSES, LEVEL_ASSIGNED_VARIANT, RELEASE_STEPS, TOTAL_CODE, type ReleaseCheck, type ReleaseProgress, type ReleaseStep } from '@jz/shared/api/report';
import { resolveSetting, type SettingFamily, type SettingValue } from '@jz/shared/api/exam-setting';
import { classFullName } from '@jz/shared/school';
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import * as examRepo from '../exam/exam.repository.js';
import * as jobRepo from '../job/job.repository.js';
import { createJob, registerJobKind, runJob, waitForJob, type JobQueue } from '../job/job.service.js';
import { canEditExam, examFor, type SchoolUser } from '../exam/exam.access.js';
import { narrow } from './narrow.js';
import { loadReference } from './reference.js';
import { releaseCheck, validateRelease } from './release-check.service.js';
import * as repo from './release.repository.js';
import { reportExtras } from './report-parts.js';
import type { ReportSet, StoredClass } from './report-set.js';

type Q = Db | Tx;
export type OnProgress = (step: ReleaseStep, percent: number, message: string) => void;

/** Yields to the event loop so progress polls are answered between CPU-heavy steps. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

// ---------------------------------------------------------------- step 2: the engine's input

interface Loaded {
  exam: { id: number; schoolId: number; name: string; gradeId: number; gradeName: string; examType: number; referenceExamId: number | null };
  classes: StoredClass[];
  students: (StudentInput & { examStudentId: number; studentId: number })[];
  subjects: SubjectInput[];
  scores: Record<string, SubjectScores>;
  settings: Partial<AnalysisSettings>;
  settingsInfo: ReportSet['settings'];
  reference: ReferenceExam | undefined;
}

/** Exam settings (exam_setting rows through resolveSetting) → the engine's settings. */
function engineSettings(stored: { courseCode: string | null; family: string; value: unknown }[], codes: string[]) {
  const get = <F extends SettingFamily>(f: F, course?: string) => resolveSetting(f, stored, course ?? null);
  const engineRates = (r: SettingValue<'rates'>) => (r.label === '五率' ? r.levels : r.levels.filter((l) => l.key !== 'high'))
    .map((l) => ({ key: l.key, name: l.name, threshold: l.threshold, below: l.key === 'low' }));
  const rates = get('rates').value;
  const seg = get('scoreSegment').value;
  // Course-level rows override the exam-wide value for that subject only (the total keeps the exam-wide one).
  const bySubject: NonNullable<AnalysisSettings['bySubject']> = {};
  for (const c of codes) {
    const own: NonNullable<AnalysisSettings['bySubject']>[string] = {};
    const r = get('rates', c);
    if (r.source === 'course') own.rates = engineRates(r.value);
    const b = get('criticalBuffer', c);
    if (b.source === 'course') own.criticalBuffer = b.value.points;
    const w = get('scoreSegment', c);
    if (w.source === 'course') own.scoreSegment = w.value.subjectStep;
    if (Object.keys(own).length) bySubject[c] = own;
  }
  const combos = get('subjectCombos').value.combos;
  const first = combos[0];
  const totalSubjects = first && first.courseCodes.length ? first.courseCodes.filter((c) => codes.includes(c)) : null;
  const studentRules = get('studentRules').value;
  const criticalBuffer = get('criticalBuffer').value.points;
  const settings: Partial<AnalysisSettings> = {
    rates: engineRates(rates),
    segmentWidth: seg.subjectStep,
    totalSegmentWidth: seg.totalStep,
    bySubject,
    rankCutoffs: get('rankSegment').value.bounds,
    groupCount: get('gGroups').value.count,
    lines: get('onlineLines').value.lines.map((l) => ({ name: l.name, ...(l.score != null ? { score: l.score } : {}), ...(l.share != null ? { share: l.share } : {}) })),
    criticalBuffer,
    studentRules,
    levelBands: get('studyLevel').value.levels.map((l) => ({ name: l.name, sharePercent: Math.round(l.share * 10000) / 100, low: l.low, high: l.high })),
    totalSubjects: totalSubjects && totalSubjects.length ? totalSubjects : null,
    totalCode: TOTAL_CODE,
    totalName: '总分',
  };
  return { settings, info: { rateLabel: rates.label, criticalBuffer, studentRules, showStudentRank: true, totalName: '总分' } };
}

/** Judge marks are stored T/F; the engine reads options as letters (A = 对, B = 错). */
const engineLetters = (type: string, s: string | null) => (type === 'judge' ? (s === 'T' ? 'A' : s === 'F' ? 'B' : '') : (s ?? ''));

async function load(q: Q, examId: number): Promise<Loaded> {
  const e = await examRepo.findExam(q, examId);
  if (!e) throw new BizError('考试不存在', 404);
  const classRows = await repo.examClasses(q, examId);
  const classes: StoredClass[] = classRows.map((c) => ({ id: c.id, name: classFullName(e.gradeName, c.name), classType: c.class_type, sort: c.sort }));
  const className = new Map(classes.map((c) => [c.id, c.name]));
  const subjectRows = await examRepo.subjectsOf(q, [examId]);
  const questions = await examRepo.questionsOf(q, subjectRows.map((s) => s.id), true);
  const esRows = await repo.examStudents(q, examId);
  const absences = await repo.absences(q, examId);
  const absentOf = new Map<number, string[]>();
  for (const a of absences) {
    const list = absentOf.get(a.esid) ?? [];
    list.push(a.code);
    absentOf.set(a.esid, list);
  }
  const students = esRows.map((r) => ({
    id: String(r.id),
    examStudentId: r.id,
    studentId: r.student_id,
    admissionNo: r.exam_no,
    name: r.name,
    classId: String(r.class_id),
    className: className.get(r.class_id) ?? '',
    registrationType: r.registration_type,
    absent: absentOf.get(r.id) ?? [],
  }));
  const index = new Map(students.map((s, i) => [s.examStudentId, i]));
  const N = students.length;
  const subjects: SubjectInput[] = [];
  const scores: Record<string, SubjectScores> = {};
  for (const s of subjectRows) {
    const qs = questions.filter((x) => x.examSubjectId === s.id);
    const real = qs.filter((x) => !x.isTotal);
    const totalsOnly = real.length === 0;
    const used = totalsOnly ? qs : real;
    const pos = new Map(used.map((x, j) => [x.id, j]));
    const Qn = used.length;
    const cols = await repo.questionScores(q, used.map((x) => x.id));
    if (totalsOnly) {
      const totals = new Float64Array(N);
      for (const c of cols) {
        c.esid.forEach((esid, k) => {
          const i = index.get(esid);
          if (i !== undefined) totals[i] += c.score[k]!;
        });
      }
      subjects.push({ code: s.courseCode, name: s.courseName, fullScore: s.fullScore, questions: [] });
      scores[s.courseCode] = { points: new Float64Array(0), subjectTotals: totals };
      continue;
    }
    const points = new Float64Array(N * Qn);
    // a 选做 question a student did not choose has no score: NaN (not 0), left out of its question statistics
    used.forEach((x, j) => { if (x.electiveGroup) for (let i = 0; i < N; i++) points[i * Qn + j] = NaN; });
    const choices = new Uint32Array(N * Qn);
    const typeOf = used.map((x) => x.type);
    for (const c of cols) {
      const j = pos.get(c.qid);
      if (j === undefined) continue;
      // a question's marks are a few distinct option strings: each encoded once
      const codes = new Map<string, number>();
      c.esid.forEach((esid, k) => {
        const i = index.get(esid);
        if (i === undefined) return;
        points[i * Qn + j] = c.score[k]!;
        const choice = c.choice[k];
        if (!choice) return;
        let code = codes.get(choice);
        if (code === undefined) codes.set(choice, code = encodeChoice(engineLetters(typeOf[j]!, choice)));
        choices[i * Qn + j] = code;
      });
    }
    scores[s.courseCode] = narrow(points, choices);
    subjects.push({
      code: s.courseCode,
      name: s.courseName,
      fullScore: s.fullScore,
      questions: used.map((x) => ({
        no: x.no, type: x.type, fullScore: x.fullScore,
        ...(x.knowledgePoints?.length ? { knowledgePoints: [...x.knowledgePoints] } : {}),
        ...(x.answer && ['single', 'multiple', 'judge'].includes(x.type) ? { answer: engineLetters(x.type, x.answer) } : {}),
      })),
    });
  }
  const stored = await repo.storedSettings(q, examId);
  const { settings, info } = engineSettings(stored, subjectRows.map((s) => s.courseCode));
  const codes = subjectRows.map((s) => s.courseCode);
  const reference = e.referenceExamId
    ? await loadReference(q, e.referenceExamId, students, settings.totalSubjects ?? codes, (st, c) => engineSettings(st, c).settings.totalSubjects ?? null)
    : undefined;
  return {
    exam: { id: e.id, schoolId: e.schoolId, name: e.name, gradeId: e.gradeId, gradeName: e.gradeName, examType: e.examType, referenceExamId: e.referenceExamId },
    classes, students, subjects, scores, settings, settingsInfo: info, reference,
  };
}

/**
 * The input restricted to some students, for the registrationType variants: each matrix is read in place through
 * `rows` (a joint exam's matrices are hundreds of MB; a copy per 学籍类型 would double the release's memory).
 */
function subsetInput(base: AnalysisInput, keep: Int32Array): AnalysisInput {
  const scores: Record<string, SubjectScores> = {};
  for (const [code, sc] of Object.entries(base.scores)) {
    const rows = sc.rows;
    scores[code] = { ...sc, rows: rows ? keep.map((i) => rows[i]!) : keep };
  }
  return { students: Array.from(keep, (i) => base.students[i]!), subjects: base.subjects, scores, settings: base.settings };
}

/**
 * student_score's rows (the transcript's order: one row per student and column) as typed columns: 1,000,000 rows
 * of a joint exam as JS arrays of boxed values cost several times as much. The transcript is dropped on return.
 */
function scoreColumns(prepared: PreparedExam): { rows: repo.ScoreColumns; students: number } {
  const transcript = buildTranscript(prepared);
  const codes = transcript.columns.map((c) => c.code);
  const C = codes.length;
  const n = transcript.rows.length * C;
  const rows: repo.ScoreColumns = {
    codes, esid: new Int32Array(n), code: new Uint8Array(n), score: new Float64Array(n), classRank: new Int32Array(n), gradeRank: new Int32Array(n),
  };
  let k = 0;
  for (const r of transcript.rows) {
    const esid = Number(r.studentId);
    for (let c = 0; c < C; c++, k++) {
      rows.esid[k] = esid;
      rows.code[k] = c;
      rows.score[k] = r.scores[c] ?? NaN;
      rows.classRank[k] = r.classRanks[c] ?? 0;
      rows.gradeRank[k] = r.gradeRanks[c] ?? 0;
    }
  }
  return { rows, students: transcript.rows.length };
}

// ---------------------------------------------------------------- compute + store

export interface Computed {
  examId: number;
  rows: repo.ScoreColumns;
  /** The head (variants: {}): the variants are written as parts of `version` already. */
  set: ReportSet;
  version: number;
}

/**
 * Steps 1–4: everything but the commit (reads and writes through q, so it also runs inside a correction's
 * transaction). The reports are written as parts of the exam's next version, which readers do not see until
 * storeRelease commits that version.
 */
export async function computeRelease(q: Q, examId: number, onProgress: OnProgress = () => {}): Promise<Computed> {
  onProgress(1, 2, '正在校验成绩数据');
  await validateRelease(q, examId);
  onProgress(1, 25, '成绩数据校验通过');
  await tick();

  onProgress(2, 30, '正在读取考试数据');
  const data = await load(q, examId);
  const input: AnalysisInput = { students: data.students, subjects: data.subjects, scores: data.scores, settings: data.settings };
  await tick();
  // the whole exam's preparation serves the ranks and variant '0', then is dropped before the other variants
  const whole: { exam: PreparedExam | null } = { exam: prepareExam(input) };
  onProgress(2, 50, `已计算 ${data.subjects.length} 个科目成绩与总分`);
  await tick();

  onProgress(3, 55, '正在计算排名');
  const { rows, students } = scoreColumns(whole.exam!);
  onProgress(3, 75, `已计算 ${students} 名考生的班级与年级排名`);
  await tick();

  onProgress(4, 78, '正在生成分析报告');
  // one variant at a time, one report at a time: built, written as a part of the next version (invisible until
  // storeRelease), dropped
  const version = await repo.nextVersion(q, examId);
  await repo.clearUncommittedParts(q, examId);
  const extras = await reportExtras(q, examId);
  const write = async (variant: string, exam: PreparedExam) => {
    await repo.insertParts(q, examId, version, variant, extras(variant, reportBuilders(exam, { reference: data.reference })));
    await tick();
  };
  await write('0', whole.exam!);
  whole.exam = null;
  const registrationTypes = [...new Set(data.students.map((s) => s.registrationType ?? '').filter(Boolean))].sort();
  if (registrationTypes.length > 1) {
    for (const rt of registrationTypes) {
      const keep = Int32Array.from(data.students.flatMap((s, i) => (s.registrationType === rt ? [i] : [])));
      await write(rt, prepareExam(subsetInput(input, keep)));
    }
  }
  // 成绩类型 等级赋分 (3+1+2): the 再选 subjects level-assigned over the whole grade, one more variant
  const assigned = data.subjects.map((s) => s.code).filter((c) => LEVEL_ASSIGNED_COURSES.includes(c));
  if (assigned.length) {
    await write(LEVEL_ASSIGNED_VARIANT, prepareExam({ ...input, settings: { ...input.settings, levelAssigned: assigned } }));
  }
  const set: ReportSet = {
    format: 1,
    exam: { ...data.exam, referenceName: data.reference?.name ?? null },
    settings: data.settingsInfo,
    classes: data.classes,
    subjects: data.subjects.map((s) => ({ code: s.code, name: s.name, fullScore: s.fullScore ?? 0 })),
    registrationTypes,
    variants: {},
  };
  onProgress(4, 90, '正在保存成绩与分析报告');
  return { examId, rows, set, version };
}

/** Commits a computed release (call inside one transaction): scores, the head of its version, status. Returns the version. */
export async function storeRelease(tx: Tx, c: Computed): Promise<number> {
  await repo.replaceStudentScores(tx, c.examId, c.rows);
  await repo.commitReport(tx, c.examId, c.version, c.set);
  await repo.markReleased(tx, c.examId);
  return c.version;
}

// ---------------------------------------------------------------- the release job

const KIND = 'release';
const BUSY = '该考试正在发布，请等待完成';

/**
 * The release job (modules/job): steps 1–4 read (and write the next version's parts) while the job holds the exam's
 * lease (score writes are refused meanwhile), then one transaction under the exam lock writes student_score, moves
 * exam_report to the new version, sets status 4 and marks the job done. A failure deletes the uncommitted parts.
 */
registerJobKind<null>(KIND, async (c) => {
  const examId = c.job.examId!;
  try {
    const computed = await computeRelease(c.db, examId, (step, percent, message) => c.progress(percent, step, message));
    const version = await c.commit((tx) => storeRelease(tx, computed), { message: '发布完成', result: (v) => ({ version: v }) });
    c.progress(100, 4, '发布完成');
    return { version };
  } catch (e) {
    await repo.clearUncommittedParts(c.db, examId).catch(() => {});
    throw e;
  }
}, { failMessage: '发布失败：服务器内部错误' });

const newRelease = (examId: number, schoolId: number | null, userId: number | null) =>
  ({ kind: KIND, schoolId, examId, createdBy: userId, locksExam: true, step: 1, message: '准备发布' });

/**
 * Releases (or re-releases) an exam here and now, as a release job run in this process (the demo seed and tests
 * call this). Throws the job's Chinese error (BizError) and writes nothing on failure; 409 while another runs.
 */
export async function releaseExam(db: Db, examId: number, onProgress?: (step: 1 | 2 | 3 | 4, percent: number, message: string) => void): Promise<void> {
  const exam = await repo.examSchool(db, examId);
  if (!exam) throw new BizError('考试不存在', 404);
  const id = await createJob(db, null, newRelease(exam.id, exam.school_id, null), () => BUSY);
  await runJob(db, id, { onProgress: onProgress && ((percent, step, message) => onProgress((step ?? 1) as 1 | 2 | 3 | 4, percent, message ?? '')) });
  const done = await jobRepo.findJob(db, id);
  if (done?.state !== 'done') throw new BizError(done?.error ?? '发布失败');
}

async function progressOf(db: Db, examId: number): Promise<ReleaseProgress> {
  await jobRepo.failStale(db, examId);
  const t = await jobRepo.latestJob(db, examId, KIND);
  const stored = await repo.releaseState(db, examId);
  const version = Number(stored?.version ?? 0);
  const releasedAt = stored?.released_at ? new Date(stored.released_at).toISOString() : null;
  const state = t ? (t.state === 'queued' || t.state === 'running' ? 'running' : t.state) : version > 0 ? 'done' : 'idle';
  const step = t ? (t.state === 'done' ? 4 : t.step) : version > 0 ? 4 : 0;
  const percent = t ? (t.state === 'done' ? 100 : Math.max(0, Math.min(100, t.progress))) : version > 0 ? 100 : 0;
  const message = t ? (t.state === 'done' ? '发布完成' : t.message) : version > 0 ? '成绩已发布' : '成绩尚未发布';
  return {
    examId,
    step,
    percent,
    message,
    state,
    error: t?.state === 'failed' ? t.error : null,
    steps: RELEASE_STEPS.map((s) => ({
      step: s.step,
      title: s.title,
      status: state === 'done' || s.step < step ? 'finish' : s.step > step ? 'wait' : state === 'failed' ? 'error' : state === 'running' ? 'process' : 'wait',
    })),
    version,
    releasedAt,
  };
}

/** School administrator, or the exam grade's leader, holding exam:exam:edit. */
async function releasable(db: Db, user: SchoolUser, examId: number) {
  const exam = await examFor(db, user, examId, 'view');
  if (!canEditExam(user, exam)) throw new BizError('无权限访问', 403);
  return exam;
}

/** POST publish/release: queues the release job (refused with 409 while one runs) and answers the state at once. */
export async function startRelease(db: Db, jobs: JobQueue, user: SchoolUser, examId: number): Promise<ReleaseProgress> {
  const exam = await releasable(db, user, examId);
  await createJob(db, jobs, newRelease(exam.id, exam.schoolId, user.id), () => BUSY);
  return progressOf(db, exam.id);
}

/** GET publish/check: what stops the release now, per subject and marking block, before any confirmation. */
export async function checkRelease(db: Db, user: SchoolUser, examId: number): Promise<ReleaseCheck> {
  const exam = await examFor(db, user, examId, 'view');
  return releaseCheck(db, exam.id);
}

/** GET publish/progress (from the job table: any api instance answers). */
export async function getProgress(db: Db, user: SchoolUser, examId: number): Promise<ReleaseProgress> {
  const exam = await examFor(db, user, examId, 'view');
  return progressOf(db, exam.id);
}

/** Test hook: waits until the exam's newest release job ends. */
export async function waitForRelease(db: Db, examId: number, timeoutMs = 120_000): Promise<void> {
  const t = await jobRepo.latestJob(db, examId, KIND);
  if (t) await waitForJob(db, t.id, timeoutMs);
}
