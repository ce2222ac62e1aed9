/**
 * The scanning demo exam's paper and what each student did on the sheet (pure, deterministic): a 数学 周测 of 高一1班
 * whose sheets are filled by the synthetic generator (packages/omr/src/synth) and scanned through the real job
 * (demo-scan.ts). Most sheets are clean; a few carry the troubles a scanning desk meets (DEMO_SCAN_CASES).
 */
import { mulberry32 } from '@jz/shared/random';
import type { QuestionInput } from '@jz/shared/api/exam';

export const DEMO_SCAN_EXAM = { name: '2026学年高一数学周测（扫描演示）', examType: 5, courseCode: 'SX', fullScore: 100, className: '1班' } as const;

/** 1–8 single (5), 9–10 multiple (6, half for a correct subset), 11–13 fill (5), 14–16 written (10, 11, 12): 100. */
export const DEMO_SCAN_QUESTIONS: QuestionInput[] = [
  ...['B', 'D', 'A', 'C', 'C', 'A', 'D', 'B'].map((answer, i) => ({ no: String(i + 1), type: 'single' as const, fullScore: 5, step: 1, answer, knowledgePoints: [] })),
  ...['ACD', 'BC'].map((answer, i) => ({ no: String(9 + i), type: 'multiple' as const, fullScore: 6, step: 1, answer, partialScore: 3, knowledgePoints: [] })),
  ...[11, 12, 13].map((no) => ({ no: String(no), type: 'fill' as const, fullScore: 5, step: 1, knowledgePoints: [] })),
  ...[[14, 10], [15, 11], [16, 12]].map(([no, fullScore]) => ({ no: String(no), type: 'subjective' as const, fullScore: fullScore!, step: 1, knowledgePoints: [] })),
];

/**
 * The troubles, by the student's position in the class list (ordered by 考号): sheets fed upside down (read as
 * usual), one 考号 with a column left blank (考号异常, the sheet belongs to nobody until fixed), one sheet fed twice
 * (the second time in batch 2: 重复扫描), one question with a clear and a faint mark on two options (存疑), three 缺考
 * sheets (the proctor's mark, no answers) and the last two students not scanned yet.
 */
export const DEMO_SCAN_CASES = {
  upsideDown: [2, 17],
  blankExamNoDigit: { student: 5, column: 4 },
  scannedTwice: 8,
  doubt: { student: 11, question: '3' },
  absent: [14, 23, 31],
  notScannedLast: 2,
} as const;

export type Mark = string | { value: string; kind: 'faint' };

export interface DemoSheet {
  /** Position in the class list. */
  index: number;
  examNo: string;
  /** 考号 as filled (a blank column as a space). */
  filledExamNo: string;
  absent: boolean;
  upsideDown: boolean;
  /** Question number → the bubbles filled (pencil unless faint). */
  answers: Record<string, Mark[]>;
}

const LETTERS = ['A', 'B', 'C', 'D'];

/** Every scanned student's sheet, in class order (the not-scanned last ones are left out). */
export function planDemoScan(examNos: string[]): DemoSheet[] {
  const c = DEMO_SCAN_CASES;
  const sheets: DemoSheet[] = [];
  for (const [index, examNo] of examNos.slice(0, examNos.length - c.notScannedLast).entries()) {
    const rnd = mulberry32(71_000 + index);
    const ability = 0.45 + 0.5 * rnd();
    const absent = (c.absent as readonly number[]).includes(index);
    const answers: Record<string, Mark[]> = {};
    if (!absent) {
      for (const q of DEMO_SCAN_QUESTIONS) {
        if (q.type === 'single') {
          const x = rnd();
          const key = q.answer!;
          const wrong = LETTERS.filter((l) => l !== key);
          answers[q.no] = x < 0.03 ? [] : x < ability ? [key] : [wrong[Math.floor(rnd() * wrong.length)]!];
        } else if (q.type === 'multiple') {
          const key = [...q.answer!];
          const x = rnd();
          // all of the key, a correct part of it, or one wrong option among them
          answers[q.no] = x < ability * 0.7 ? key : x < 0.8 ? key.slice(0, key.length - 1) : [...key.slice(0, 1), LETTERS.find((l) => !key.includes(l))!].sort();
        }
      }
    }
    if (index === c.doubt.student) {
      const key = DEMO_SCAN_QUESTIONS.find((q) => q.no === c.doubt.question)!.answer!;
      answers[c.doubt.question] = [key, { value: LETTERS.find((l) => l !== key)!, kind: 'faint' }];
    }
    const filledExamNo = index === c.blankExamNoDigit.student
      ? examNo.slice(0, c.blankExamNoDigit.column) + ' ' + examNo.slice(c.blankExamNoDigit.column + 1)
      : examNo;
    sheets.push({ index, examNo, filledExamNo, absent, upsideDown: (c.upsideDown as readonly number[]).includes(index), answers });
  }
  return sheets;
}
