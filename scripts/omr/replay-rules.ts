// Replays the engine's decision rules (packages/omr/src/threshold.ts as it is now) on darkness figures dumped by
// the synthetic benchmark (OMR_SYNTH_DUMP), without making or reading the sheets again: silent errors, doubt rate
// and false flags, to choose rules from many sheets in seconds. The dump rounds darkness to 0.001, so the real
// benchmark has the last word.
// Run: node --import tsx scripts/omr/replay-rules.ts dump.jsonl [more.jsonl …]
import { readFileSync } from 'node:fs';
import { templateFromCard } from '../../packages/omr/src/card-template.js';
import { pickSheet, synthCards } from '../../packages/omr/src/synth/cards.js';
import { flattenPrintedLabels } from '../../packages/omr/src/printed-labels.js';
import { judgeLone, learnThreshold, letterLevels, readGroup } from '../../packages/omr/src/threshold.js';
import type { SheetTemplate } from '../../packages/omr/src/types.js';

interface DumpGroup { id: string; role: 'question' | 'admission'; expect: string; intended: string[]; marks: { value: string; kind: string }[]; dark: number[]; peak?: number[] }
interface Dump { seed: number; groups: DumpGroup[]; absent: { dark: number; meant: boolean; expect: string; kind?: string } | null }

const cards = synthCards();
const templates = new Map<string, SheetTemplate>();
const sheets = process.argv.slice(2).flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Dump | null)).filter((d): d is Dump => !!d)
  .filter((d, i, all) => all.findIndex((x) => x.seed === d.seed) === i); // a seed dumped by two runs counts once
const why: Record<string, number> = {};
let groups = 0; let flagged = 0; let clear = 0; let clearFlagged = 0; let clearWrong = 0; let clearRight = 0;
let questionGroups = 0; let clearQuestions = 0; let clearQuestionsFlagged = 0; let questionsFlagged = 0;
const silent: string[] = [];
const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
for (const s of sheets) {
  const pick = pickSheet(s.seed);
  const key = `${pick.card}-${pick.page}`;
  if (!templates.has(key)) templates.set(key, templateFromCard(cards[pick.card], pick.page - 1));
  const t = templates.get(key)!;
  const digits = new Map((t.admission?.digits ?? []).map((g) => [g.id, g]));
  const questions = new Map(t.questions.map((g) => [g.id, g]));
  const groupOf = (g: DumpGroup) => (g.role === 'admission' ? digits.get(g.id)! : questions.get(g.id)!);
  if (t.printedLabels) {
    // the engine flattens printed letters before it learns the threshold: do the same on the dumped figures
    const [flat] = flattenPrintedLabels([{ groups: s.groups.map(groupOf), dark: s.groups.map((g) => g.dark) }]);
    s.groups.forEach((g, i) => { g.dark = flat[i]; });
  }
  const th = learnThreshold([...s.groups.flatMap((g) => g.dark), ...(s.absent ? [s.absent.dark] : [])]);
  const qs = s.groups.filter((g) => g.role === 'question');
  const peaks = qs.every((g) => g.peak) ? qs.map((g) => g.peak!) : undefined;
  const levels = letterLevels(qs.map(groupOf), qs.map((g) => g.dark), th, peaks);
  const readings = s.groups.map((g) => (g.role === 'admission' ? readGroup({ ...digits.get(g.id)!, kind: 'single' }, g.dark, th, true) : readGroup(questions.get(g.id)!, g.dark, th, false, { levels, peak: g.peak })));
  const admissionDoubt = readings.find((r, i) => s.groups[i].role === 'admission' && r.doubt)?.doubt;
  const judged = s.groups.map((g, i) => ({ id: g.id, expect: g.expect, intended: g.intended, read: readings[i].marked, doubt: readings[i].doubt ?? (g.role === 'admission' ? admissionDoubt : undefined), g }));
  if (s.absent) {
    const j = judgeLone(s.absent.dark, th);
    judged.push({ id: '缺考', expect: s.absent.expect, intended: s.absent.meant ? ['缺考'] : [], read: j.marked ? ['缺考'] : [], doubt: j.doubt, g: { id: '缺考', role: 'question', expect: s.absent.expect, intended: [], marks: s.absent.kind ? [{ value: '缺考', kind: s.absent.kind }] : [], dark: [s.absent.dark] } });
  }
  for (const j of judged) {
    groups++;
    const right = same(j.intended, j.read);
    if (j.doubt) flagged++;
    if (j.g.role === 'question' && j.id !== '缺考') { questionGroups++; if (j.doubt) questionsFlagged++; if (j.expect === 'clear') { clearQuestions++; if (j.doubt) clearQuestionsFlagged++; } }
    if (j.expect === 'clear' && right) clearRight++;
    if (j.expect === 'clear') { clear++; if (j.doubt) { clearFlagged++; const k = `${j.id === '缺考' ? 'absent' : j.g.role}:${j.doubt}`; why[k] = (why[k] ?? 0) + 1; } if (!right && !j.doubt) clearWrong++; }
    if (!j.doubt && (!right || j.expect === 'flag')) {
      silent.push(`seed ${s.seed} ${pick.card}-p${pick.page}@${pick.dpi} group ${j.id} (${j.expect}): meant ${j.intended.join('') || '—'} read ${j.read.join('') || '—'}; `
        + `marks ${j.g.marks.map((m) => `${m.value}:${m.kind}`).join(' ')}; dark ${j.g.dark.join(' ')}; th t ${th.t.toFixed(3)} empty ${th.empty.toFixed(3)} mark ${th.mark.toFixed(3)} `
        + `spread ${th.emptySpread.toFixed(3)} noise ${th.emptyNoise.toFixed(3)} margin ${th.margin.toFixed(3)}`);
    }
  }
}
console.log(silent.join('\n'));
console.log(JSON.stringify({
  sheets: sheets.length, seeds: `${Math.min(...sheets.map((x) => x.seed))}–${Math.max(...sheets.map((x) => x.seed))}`, groups, silent: silent.length, doubt_rate: +(flagged / groups).toFixed(4),
  question_doubt_rate: +(questionsFlagged / questionGroups).toFixed(4), clear_question_false_flags: +(clearQuestionsFlagged / clearQuestions).toFixed(5), clear, clear_accuracy: +(clearRight / clear).toFixed(6), clear_false_flags: +(clearFlagged / clear).toFixed(4), clear_wrong_unflagged: clearWrong, clear_flagged_by: why }));
