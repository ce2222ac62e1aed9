/**
 * Brings an exam subject's derived scanning state in step with its pages (run under the exam's score lock after
 * every upload, fix, delete and restore; score/score-write.service withScoreWrites): page owners and abnormal kinds (scan.resolve.ts), the per-student state
 * (scan_student), and the objective scores of every clean sheet. Only students whose answers changed are written
 * again; a student whose sheet is no longer clean (abnormal, deleted) loses the scores scanning wrote, so that no
 * doubtful sheet is ever scored silently. A released exam's scores are never touched (the state still updates).
 * Last, the papers of the subject's begun marking blocks follow (marking-papers.service).
 */
import { normalizeChoice, type QType } from '../score/scoring.js';
import * as examRepo from '../exam/exam.repository.js';
import { replaceRecognisedAnswers, type RecognisedSheet, type ScoreTx } from '../score/score-write.service.js';
import type { ScanAbnormalKind } from '@jz/shared/api/scan';
import * as repo from './scan.repository.js';
import { resolvePages } from './scan.resolve.js';
import { syncSubjectPapers } from '../marking/marking-papers.service.js';
import { electiveClashList, type StoredReading } from './scan.recognize.js';

/** What a person confirmed on a page (scanned_abnormal/confirmMarks). */
export interface Confirmed { questions: Record<string, string[]>; absent?: boolean }

export const pageCountOf = (layout: unknown): number => {
  const pages = (layout as { pages?: unknown[] } | null)?.pages;
  return Array.isArray(pages) && pages.length ? pages.length : 1;
};

export interface SyncResult { scored: number; absent: number; skipped: number; cleared: number }

export async function syncSubject(tx: ScoreTx, examSubjectId: number, opts: { force?: boolean } = {}): Promise<SyncResult> {
  const subject = await examRepo.findSubject(tx, examSubjectId);
  const exam = subject ? await examRepo.findExam(tx, subject.exam_id) : undefined;
  if (!subject || !exam) return { scored: 0, absent: 0, skipped: 0, cleared: 0 };
  const pageCount = pageCountOf(await repo.latestLayout(tx, examSubjectId));
  const pages = await repo.resolvablePages(tx, examSubjectId);
  const res = resolvePages(pages.map((p) => {
    const confirmed = p.confirmed as Confirmed | null;
    const rec = p.rec as StoredReading | null;
    return {
      id: p.id, batchId: p.batch_id, fileSeq: p.file_seq, fileIndex: p.file_index, recognized: p.recognized, deleted: p.status === 'deleted',
      intrinsicKind: p.intrinsic_kind as ScanAbnormalKind | null, intrinsicReason: p.intrinsic_reason, pageNo: p.page_no,
      readStudentId: p.read_exam_student_id, claimStudentId: p.claim_exam_student_id, rescanStudentId: p.rescan_exam_student_id,
      absent: confirmed?.absent ?? p.absent, openDoubts: confirmed ? 0 : rec?.doubts.length ?? 0,
    };
  }), pageCount);
  const before = new Map(pages.map((p) => [p.id, p]));
  const changed = res.pages.filter((r) => {
    const p = before.get(r.id)!;
    return p.exam_student_id !== r.examStudentId || p.abnormal_kind !== r.abnormalKind || p.reason !== r.reason || p.sheet_id !== r.sheetId
      || p.status !== (r.abnormalKind ? 'abnormal' : 'ok');
  });
  await repo.applyPageResolution(tx, changed);

  const old = new Map((await repo.scanStudents(tx, examSubjectId)).map((s) => [s.exam_student_id, s]));
  const questions = await repo.objectiveQuestions(tx, examSubjectId);
  const byNo = new Map(questions.map((q) => [q.no, q]));
  const released = !!exam.releasedAt;
  const writes: RecognisedSheet[] = [];
  const keys = new Map<number, string | null>();
  const elective: Record<number, Record<string, string | null>> = {};
  const out: SyncResult = { scored: 0, absent: 0, skipped: 0, cleared: 0 };
  for (const s of res.students) {
    const prevKey = old.get(s.examStudentId)?.score_key ?? null;
    if (s.state === 'abnormal') {
      out.skipped++;
      keys.set(s.examStudentId, released ? prevKey : null);
      if (prevKey !== null && !released) { writes.push({ examStudentId: s.examStudentId, absent: false, answers: [] }); out.cleared++; }
      continue;
    }
    const absent = s.state === 'absent';
    const choices = new Map<number, string | null>();
    if (!absent) {
      for (const id of s.pageIds) {
        const p = before.get(id)!;
        const rec = p.rec as StoredReading | null;
        const confirmed = (p.confirmed as Confirmed | null)?.questions ?? {};
        for (const r of rec?.questions ?? []) {
          // 选做题 mark: the chosen question of the box (the marking of its block reads it)
          if (r.no.startsWith('选做:')) {
            const marked = confirmed[r.no] ?? r.marked;
            (elective[s.examStudentId] ??= {})[r.no.slice(3)] = marked.length === 1 ? marked[0]! : null;
            continue;
          }
          const q = byNo.get(r.no);
          if (!q) continue;
          const marked = confirmed[r.no] ?? r.marked;
          choices.set(q.id, marked.length ? normalizeChoice(q.type as QType, marked.join('')) ?? marked.join('') : null);
        }
      }
    }
    // two boxes of a K > 1 group naming one question (on different pages, or confirmed so): neither is known
    const chosen = elective[s.examStudentId];
    if (chosen) {
      for (const c of electiveClashList(Object.entries(chosen).map(([k, v]) => ({ id: `选做:${k}`, marked: v ? [v] : [] })))) {
        for (const id of c.ids) chosen[id.slice(3)] = null;
      }
    }
    const answers = questions.map((q) => ({ questionId: q.id, choice: choices.get(q.id) ?? null }));
    const key = JSON.stringify({ absent, answers: absent ? [] : answers.map((a) => [a.questionId, a.choice]) });
    if (absent) out.absent++; else out.scored++;
    if (released) { keys.set(s.examStudentId, prevKey); continue; }
    keys.set(s.examStudentId, key);
    if (opts.force || key !== prevKey) writes.push({ examStudentId: s.examStudentId, absent, answers });
  }
  // students no longer scanned at all (pages deleted): their scanned scores go too
  const now = new Set(res.students.map((s) => s.examStudentId));
  for (const [id, s] of old) {
    if (!now.has(id) && s.score_key !== null && !released) { writes.push({ examStudentId: id, absent: false, answers: [] }); out.cleared++; }
  }
  if (writes.length) await replaceRecognisedAnswers(tx, examSubjectId, writes);
  await repo.replaceScanStudents(tx, exam.schoolId, examSubjectId, res.students.map((s) => ({
    examStudentId: s.examStudentId, state: s.state, duplicate: s.duplicate, claimed: s.claimed, abnormalKind: s.abnormalKind, pages: s.pages,
    scoreKey: keys.get(s.examStudentId) ?? null, objectiveScore: null, elective: elective[s.examStudentId] ?? null,
  })));
  if (pages.length) await examRepo.markFlow(tx, examSubjectId, 'scan');
  // online marking's papers follow the sheets (a fixed sheet is a paper at once; 试卷 counts only 上传成功 sheets)
  if (!released) await syncSubjectPapers(tx, examSubjectId);
  return out;
}
