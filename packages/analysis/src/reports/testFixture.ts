/** Builders of small worked exams for the report tests (test data from builders, not copied literals). */
import type { AnalysisInput, QuestionInput, StudentInput, SubjectInput } from '../model.js';
import { scoresFromRows, type ScoreRow } from '../model.js';

export function newStudent(id: string, classId: string, extra: Partial<StudentInput> = {}): StudentInput {
  return { id, admissionNo: `A00${id.slice(1)}`, name: `学生${id}`, classId, className: `${classId.slice(1)}班`, ...extra };
}

export const YW: SubjectInput = {
  code: 'YW',
  name: '语文',
  questions: [
    { no: '1', type: 'single', fullScore: 3, answer: 'A' },
    { no: '2', type: 'multiple', fullScore: 4, answer: 'AC' },
    { no: '3', type: 'subjective', fullScore: 13 },
  ] satisfies QuestionInput[],
};

export const SX: SubjectInput = {
  code: 'SX',
  name: '数学',
  questions: [
    { no: '1', type: 'judge', fullScore: 2, answer: 'A' },
    { no: '2', type: 'subjective', fullScore: 8 },
  ] satisfies QuestionInput[],
};

/**
 * Seven students in three classes; s6 absent from 语文, s7 absent from both (class c3 has nobody sitting).
 *   s1 c1 语文 [3,4,12] marks A, AC  数学 [2,8] mark A
 *   s2 c1 语文 [3,2,10] marks A, A   数学 [0,6] mark B
 *   s3 c1 语文 [0,4,9]  marks B, AC  数学 [2,5] mark A
 *   s4 c2 语文 [3,0,13] marks A, —   数学 [2,7] mark A
 *   s5 c2 语文 [0,0,5]  marks C, BD  数学 [0,3] mark AB
 *   s6 c2 缺考 语文                  数学 [2,4] mark A
 *   s7 c3 缺考 语文, 数学
 */
export function newWorkedExam(settings: AnalysisInput['settings'] = {}, studentExtra: Record<string, Partial<StudentInput>> = {}): AnalysisInput {
  const students = [
    newStudent('s1', 'c1'),
    newStudent('s2', 'c1'),
    newStudent('s3', 'c1'),
    newStudent('s4', 'c2'),
    newStudent('s5', 'c2'),
    newStudent('s6', 'c2', { absent: ['YW'] }),
    newStudent('s7', 'c3', { absent: ['YW', 'SX'] }),
  ].map((s) => ({ ...s, ...(studentExtra[s.id] ?? {}) }));
  const rows: ScoreRow[] = [
    { studentId: 's1', subjectCode: 'YW', points: [3, 4, 12], choices: ['A', 'AC', null] },
    { studentId: 's2', subjectCode: 'YW', points: [3, 2, 10], choices: ['A', 'A', null] },
    { studentId: 's3', subjectCode: 'YW', points: [0, 4, 9], choices: ['B', 'AC', null] },
    { studentId: 's4', subjectCode: 'YW', points: [3, 0, 13], choices: ['A', '', null] },
    { studentId: 's5', subjectCode: 'YW', points: [0, 0, 5], choices: ['C', 'BD', null] },
    { studentId: 's1', subjectCode: 'SX', points: [2, 8], choices: ['A', null] },
    { studentId: 's2', subjectCode: 'SX', points: [0, 6], choices: ['B', null] },
    { studentId: 's3', subjectCode: 'SX', points: [2, 5], choices: ['A', null] },
    { studentId: 's4', subjectCode: 'SX', points: [2, 7], choices: ['A', null] },
    { studentId: 's5', subjectCode: 'SX', points: [0, 3], choices: ['AB', null] },
    { studentId: 's6', subjectCode: 'SX', points: [2, 4], choices: ['A', null] },
  ];
  const subjects = [YW, SX];
  return { students, subjects, scores: scoresFromRows(students, subjects, rows), settings };
}

/** Throws if any number anywhere in a report is NaN or ±Infinity (reports give null for "—"). */
export function assertNoNaN(value: unknown, path = '$'): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${path} is ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertNoNaN(v, `${path}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertNoNaN(v, `${path}.${k}`);
  }
}
