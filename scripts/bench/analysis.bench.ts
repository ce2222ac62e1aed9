/**
 * Benchmark of the analysis engine: synthetic exams of 2,000 and 100,000 students × 9 subjects × 25
 * questions (seeded PRNG, so every run analyses the same data), all report builders.
 * Run: node --import tsx scripts/bench/analysis.bench.ts
 * Prints one JSON line per figure: {"name","value","unit","limit","ok"}.
 * Timing = prepareExam + buildAllReports, as CPU time of the process (user + system, so a loaded shared
 * machine does not inflate it; wall time is printed beside it as wall_ms); the 2,000 figure is the median of 7 runs after 2 warm-ups, the
 * 100,000 figure the median of 3 runs after the small exam warmed the JIT. Peak RSS covers the whole run.
 */
import { buildAllReports, prepareExam, type AnalysisInput, type QuestionInput, type ReferenceExam, type StudentInput, type SubjectInput } from '../../packages/analysis/src/index.js';
import { mulberry32 } from '@jz/shared/random';
import { printBench } from './result.js';


const SUBJECTS: [string, string, number][] = [
  ['YW', '语文', 150],
  ['SX', '数学', 150],
  ['YY', '英语', 150],
  ['WL', '物理', 100],
  ['HX', '化学', 100],
  ['SW', '生物', 100],
  ['ZZ', '政治', 100],
  ['LS', '历史', 100],
  ['DL', '地理', 100],
];

function makeSubjects(): SubjectInput[] {
  return SUBJECTS.map(([code, name, full]) => {
    const questions: QuestionInput[] = [];
    for (let j = 0; j < 12; j++) questions.push({ no: String(j + 1), type: 'single', fullScore: 3, answer: 'ABCD'[j % 4] });
    for (let j = 12; j < 15; j++) questions.push({ no: String(j + 1), type: 'multiple', fullScore: 4, answer: ['AC', 'BD', 'ABD'][j - 12] });
    const rest = full - 36 - 12;
    for (let j = 15; j < 25; j++) questions.push({ no: String(j + 1), type: 'subjective', fullScore: j < 24 ? Math.floor(rest / 10) : rest - 9 * Math.floor(rest / 10) });
    return { code, name, fullScore: full, questions };
  });
}

function makeExam(nStudents: number, seed: number): { input: AnalysisInput; reference: ReferenceExam } {
  const rnd = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  const subjects = makeSubjects();
  const classSize = 50;
  const classesPerSchool = 40;
  const students: StudentInput[] = [];
  const ability = new Float64Array(nStudents);
  for (let i = 0; i < nStudents; i++) {
    const c = Math.floor(i / classSize);
    const school = Math.floor(c / classesPerSchool);
    const absent = subjects.filter(() => rnd() < 0.01).map((s) => s.code);
    ability[i] = gauss() + (c % 7) * 0.05;
    students.push({
      id: `s${i}`,
      admissionNo: String(20260000000 + ((i * 7919) % nStudents)),
      name: `学生${i}`,
      classId: `c${c}`,
      className: `${(c % classesPerSchool) + 1}班`,
      schoolId: nStudents > 10000 ? `sch${school}` : undefined,
      schoolName: nStudents > 10000 ? `学校${school}` : undefined,
      registrationType: rnd() < 0.9 ? '应届' : '往届',
      absent: absent.length ? absent : undefined,
    });
  }
  const scores: Record<string, { points: Float64Array; choices: Uint8Array }> = {};
  for (const sub of subjects) {
    const Q = sub.questions.length;
    const points = new Float64Array(nStudents * Q);
    const choices = new Uint8Array(nStudents * Q);
    const b = sub.questions.map(() => gauss() * 0.8 - 0.3);
    for (let i = 0; i < nStudents; i++) {
      const th = ability[i] + gauss() * 0.4;
      for (let j = 0; j < Q; j++) {
        const q = sub.questions[j];
        const p = 1 / (1 + Math.exp(-1.7 * (th - b[j])));
        const at = i * Q + j;
        if (q.type === 'subjective') {
          const v = Math.min(1, Math.max(0, p + gauss() * 0.15));
          points[at] = Math.round(v * q.fullScore * 2) / 2;
        } else {
          const key = q.answer as string;
          let mask = 0;
          for (const ch of key) mask |= 1 << (ch.charCodeAt(0) - 65);
          const u = rnd();
          if (u < 0.03) mask = 0;
          else if (rnd() >= p) mask = 1 << Math.floor(rnd() * 4) || 1;
          if (q.type === 'single' && u > 0.98) mask |= 1 << Math.floor(rnd() * 4);
          choices[at] = mask;
          const keyMask = [...key].reduce((m, ch) => m | (1 << (ch.charCodeAt(0) - 65)), 0);
          points[at] = mask === keyMask ? q.fullScore : q.type === 'multiple' && mask !== 0 && (mask & ~keyMask) === 0 ? q.fullScore / 2 : 0;
        }
      }
    }
    scores[sub.code] = { points, choices };
  }
  const ranks = new Map<string, { total: number }>();
  for (let i = 0; i < nStudents; i++) ranks.set(students[i].id, { total: 1 + Math.floor(rnd() * nStudents) });
  return {
    input: { students, subjects, scores, settings: { lines: [{ name: '特控线', share: 0.2 }, { name: '本科线', share: 0.6 }, { name: '600分线', score: 600 }] } },
    reference: { name: '上次月考', ranks },
  };
}

/** CPU time (user + system) of one analysis, and its wall time. */
function timeRun(input: AnalysisInput, reference: ReferenceExam, by: 'class' | 'school' = 'class'): { cpu: number; wall: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const exam = prepareExam(input);
  const reports = buildAllReports(exam, { by, reference });
  const c = process.cpuUsage(c0);
  const wall = performance.now() - t0;
  if (reports.transcript.rows.length !== input.students.length) throw new Error('transcript lost students');
  return { cpu: (c.user + c.system) / 1000, wall };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (x: number) => Math.round(x * 10) / 10;
const line = (name: string, value: number, unit: string, limit: number, extra: Record<string, number> = {}) =>
  printBench({ name, value: round1(value), unit, limit, ok: value <= limit, ...extra });

const small = makeExam(2000, 20260101);
for (let k = 0; k < 2; k++) timeRun(small.input, small.reference);
const smallRuns = Array.from({ length: 7 }, () => timeRun(small.input, small.reference));
line('analysis_2000x9x25', median(smallRuns.map((r) => r.cpu)), 'ms', 100, { wall_ms: round1(median(smallRuns.map((r) => r.wall))) });

const big = makeExam(100000, 20260202);
const bigRuns = Array.from({ length: 3 }, () => timeRun(big.input, big.reference, 'school'));
line('analysis_100000x9x25', median(bigRuns.map((r) => r.cpu)), 'ms', 5000, { wall_ms: round1(median(bigRuns.map((r) => r.wall))) });
line('analysis_100000_peak_rss', process.resourceUsage().maxRSS / 1024, 'MB', 1500);
