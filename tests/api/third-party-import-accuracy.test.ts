import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SheetTemplate } from '@jz/omr';
import { dbKinds } from '../helpers/db.js';
import { omrCheckerExpected } from '@jz/omr/real-samples/expected';
import { FORMSCANNER_IDS, QUESTIONNAIRE, T00001_ANSWERS } from '@jz/omr/real-samples/by-eye';
import { expectGoal, GOAL, judge, newFigures, thirdPartyApi } from '../helpers/third-party-api.js';
import { FIXTURES, samplesDir } from '../helpers/third-party-sets.js';

/**
 * Cards made elsewhere read through the product with the other tool's own template file: the blank uploaded
 * (make_template/blank), the file imported onto it (make_template/import: FormScanner's .xtmpl onto its blank
 * PDF, OMRChecker's template.json onto the set's first sheet), the real scans uploaded as a batch and what the API
 * answers for every page compared with the expected readings: OMRChecker's committed outputs
 * (expected/test_all_samples.ambr); for FormScanner, read by eye (the same readings as
 * packages/omr/src/real-samples.test.ts). Templates drawn in the editor: third-party-accuracy.test.ts; the goal,
 * per set, is the same (third-party-api.ts).
 */

const FS = path.join(FIXTURES, 'formscanner');

// ─── imported templates (make_template/import): FormScanner .xtmpl onto its blank PDF, OMRChecker template.json
// onto the set's first sheet (no blank ships with them; only its corner markers are used, as a school would
// use any unfilled sheet) ───────────────────────────────────────────────────────────────────────────────────────
interface ImportCase {
  set: string; blank: () => string; template: string; files: string[];
  /** What each page must read: answer id → value, and the separator of several values. */
  expected: (imp: Imported) => ImportExpected[];
}
interface Imported { template: SheetTemplate; columns: Record<string, string[]>; emptyValue: Record<string, string> }
/** ids: the answers (template ids) whose values, joined, make the column; admission: the column is the 考号. */
interface ImportExpected { file: string; column: string; ids: string[]; admission: boolean; value: string; flag: boolean; sep?: string }

const OMRC = path.join(FIXTURES, 'omrchecker');
function omrCheckerCases(): ImportCase[] {
  const rows = omrCheckerExpected(readFileSync(path.join(OMRC, 'expected', 'test_all_samples.ambr'), 'utf8'));
  const templateOf = (input: string) => {
    for (let dir = path.dirname(path.join(OMRC, input)); dir.startsWith(OMRC); dir = path.dirname(dir)) if (existsSync(path.join(dir, 'template.json'))) return path.join(dir, 'template.json');
    throw new Error(`no template.json for ${input}`);
  };
  const bySet = new Map<string, typeof rows>();
  for (const r of rows) bySet.set(templateOf(r.inputPath), [...(bySet.get(templateOf(r.inputPath)) ?? []), r]);
  return [...bySet].map(([template, list]) => ({
    set: `omrchecker/${path.relative(path.join(OMRC, 'samples'), path.dirname(template))}`,
    blank: () => path.join(OMRC, list[0]!.inputPath), template, files: list.map((r) => path.join(OMRC, r.inputPath)),
    expected: (imp) => list.flatMap((r) => Object.entries(r.values).map(([column, value]) => {
      const ids = imp.columns[column]!;
      const digits = new Set((imp.template.admission?.digits ?? []).map((g) => g.id));
      const single = ids.length === 1 && imp.template.questions.some((q) => q.id === ids[0] && q.kind === 'single' && q.bubbles.every((b) => b.value.length === 1));
      const empties = ids.map((id) => imp.emptyValue[id] ?? '').filter((v) => v !== '');
      // not clean as OMRChecker wrote it: several marks on a single question, or a column without a mark
      const flag = (single && value.length > 1) || (ids.length > 1 && (empties.some((v) => value.includes(v)) || (value.length < ids.length && ids.some((id) => (imp.emptyValue[id] ?? '') === ''))));
      return { file: path.basename(r.inputPath), column, ids, admission: ids.length > 0 && ids.every((id) => digits.has(id)), value, flag };
    })),
  }));
}

const IMPORTS = (): ImportCase[] => [
  { set: 'formscanner/Questionnaire (imported .xtmpl)', blank: () => path.join(samplesDir(), 'formscanner/Questionnaire/Questionnaire.pdf'),
    template: path.join(FS, 'Questionnaire', 'questionnaire_template.xtmpl'), files: Object.keys(QUESTIONNAIRE).map((f) => path.join(FS, 'Questionnaire', f)),
    expected: () => Object.entries(QUESTIONNAIRE).flatMap(([file, answers]) => Object.entries(answers).map(([id, want]) => ({
      file, column: id, ids: [id], admission: false, value: want.split('+').filter(Boolean).sort().join('+'), sep: '+',
      // two marks on a single-choice row (music on Q00003) must be asked about
      flag: want.includes('+') && id !== 'sources',
    }))) },
  { set: 'formscanner/Test (imported .xtmpl)', blank: () => path.join(samplesDir(), 'formscanner/Test/Test.pdf'),
    template: path.join(FS, 'Test', 'test_template.xtmpl'), files: Object.keys(FORMSCANNER_IDS).map((f) => path.join(FS, 'Test', f)),
    expected: (imp) => Object.entries(FORMSCANNER_IDS).flatMap(([file, { id, bubbles }]) => [
      { file, column: '考号', ids: imp.columns.ID!, admission: true, value: bubbles ?? id, flag: !!bubbles },
      ...(file === 'T00001.jpg' ? T00001_ANSWERS.map((v, i) => ({ file, column: `Q${i + 1}`, ids: [String(i + 1)], admission: false, value: v, flag: false })) : []),
    ]) },
  ...omrCheckerCases(),
];

// A measurement of recognition through the API, which no database changes: one kind (the real PostgreSQL when
// DATABASE_URL is set, else PGlite); the scanning routes themselves are tested on both in scan*.test.ts.
describe.each([dbKinds[dbKinds.length - 1]!])('cards made elsewhere, templates imported, read through the API (%s)', (kind) => {
  const { subjectId, multipartPost, uploadBlank, readSet, figures } = thirdPartyApi(kind, '第三方模板导入识别率');

  for (const c of IMPORTS()) {
    it(`imported — ${c.set}: ≥ ${GOAL * 100} % of clean answers right without a person, no silent error`, async () => {
      const blank = await uploadBlank(c.blank());
      const body = await multipartPost(`make_template/import?examSubjectId=${subjectId()}&imageUrl=${encodeURIComponent(blank.imageUrl)}`, c.template);
      expect(body.code, body.msg).toBe(200);
      const imp: Imported = { template: body.data.template, columns: body.data.drawing.columns, emptyValue: body.data.drawing.emptyValue };
      const page = await readSet(c.files);
      const fig = newFigures(c.set, '导入', c.files.length);
      for (const e of c.expected(imp)) {
        const p = page(e.file);
        let got = p.examNo;
        if (!e.admission) {
          // a column may mix 考号 digits (read as the page's 考号) with ordinary groups (OMRChecker's roll with a letter)
          const digits = (imp.template.admission?.digits ?? []).map((g) => g.id);
          const parts = e.ids.map((id) => {
            const k = digits.indexOf(id);
            if (k >= 0) return { marked: p.examNo.value[k] ? [p.examNo.value[k]!] : [], doubt: p.examNo.doubt ? 'examNo' : null };
            return p.answer(id);
          });
          expect(parts.every(Boolean), `${e.file} ${e.column}: ${p.kind}`).toBe(true);
          const value = parts.map((a, i) => (a!.marked.length ? [...a!.marked].sort().join(e.sep ?? '') : imp.emptyValue[e.ids[i]!] ?? '')).join('');
          got = { value, doubt: parts.some((a) => a!.doubt !== null) };
        }
        judge(fig, e, got, `${e.file} ${e.column}`);
      }
      figures.push(fig);
      expectGoal(fig);
    }, 300_000);
  }
});
