import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImage, fromFormScanner, placeOnScan, type SheetTemplate } from '@jz/omr';
import { templateFromDrawing, type DrawnShape } from '@jz/omr/drawing';
import { dbKinds } from '../helpers/db.js';
import { FORMSCANNER_IDS, T00001_ANSWERS } from '@jz/omr/real-samples/by-eye';
import { expectGoal, GOAL, judge, newFigures, thirdPartyApi } from '../helpers/third-party-api.js';
import { asLetters, drawLikeASchool, FIXTURES, openMcrExpected, samplesDir, type Expected, type SchoolDrawing } from '../helpers/third-party-sets.js';

/**
 * Cards made elsewhere read through the product as a school uses it: for every third-party form of the real
 * sample sets (packages/omr/fixtures), the blank form is uploaded (make_template/blank), a template is drawn over it the way a person
 * draws (boxes roughly around the corner marks and blocks of bubbles, third-party-sets.ts) and snapped by the
 * editor (make_template/snap), confirmed (templateFromDrawing, as the web page does, then make_template/save),
 * the real scans are uploaded as a batch (scanned_batch/upload) and what the API answers for every page
 * (scanned_abnormal/list: the 考号 as read and every answer) is compared with the expected readings.
 * Expected readings: OpenMCR's own results.csv (its committed end-to-end outputs, see the set's SOURCE.txt);
 * FormScanner ships none — the 考号 written by hand above the bubbles and the answers of T00001 were read by eye
 * from the scans (the same readings as packages/omr/src/real-samples.test.ts).
 * An answer whose expected reading is not clean (several marks, an empty 考号 column) must be shown to a person.
 * The goal (third-party-api.ts): on every set at least 98 % of the clean answers right without a person, and no
 * answer read wrong without a doubt (a silent error). The figures are printed per set; the README quotes them.
 * The tools' own template files, imported: third-party-import-accuracy.test.ts (a file of its own, so that the two
 * halves of the measurement run beside each other).
 */

const SEED = 19;

interface FormCase {
  name: string;
  blank: string;
  truth: (blank: Parameters<typeof placeOnScan>[1]) => SheetTemplate;
  /** Scan files by set, and each set's expected answers for a drawing. */
  sets: { set: string; files: string[]; expected: (d: SchoolDrawing) => Expected[] }[];
}

const mcr = (form: '75q' | '150q') => (blank: Parameters<typeof placeOnScan>[1]) =>
  placeOnScan(JSON.parse(readFileSync(path.join(FIXTURES, 'open-mcr', `template-${form}.json`), 'utf8')) as SheetTemplate, blank);
const mcrSet = (set: string) => ({
  set: `open-mcr/${set}`,
  files: readdirSync(path.join(FIXTURES, 'open-mcr', set)).filter((f) => /\.(png|jpe?g)$/i.test(f) && f !== 'reject.png').map((f) => path.join(FIXTURES, 'open-mcr', set, f)),
  expected: (d: SchoolDrawing) => openMcrExpected(set, d),
});

const FS = path.join(FIXTURES, 'formscanner');
const fsTemplate = (form: 'Test' | 'Questionnaire') => (blank: Parameters<typeof placeOnScan>[1]) => placeOnScan(fromFormScanner(
  readFileSync(path.join(FS, form, form === 'Test' ? 'test_template.xtmpl' : 'questionnaire_template.xtmpl'), 'utf8'),
  form === 'Test' ? { name: form, width: 2480, height: 3437, anchorSize: 135 } : { name: form, width: 2480, height: 3437, anchorShape: 'bracket', anchorSize: 107 },
).template, blank);

const FORMS: FormCase[] = [
  { name: 'OpenMCR 75 题', blank: 'open-mcr/sheets/multiple_choice_sheet_75q.pdf', truth: mcr('75q'),
    sets: ['75q-core-1', '75q-core-3', 'low-resolution', 'rearrangement', 'rejected-file'].map(mcrSet) },
  { name: 'OpenMCR 150 题', blank: 'open-mcr/sheets/multiple_choice_sheet_150q.pdf', truth: mcr('150q'), sets: ['150q-core', 'rotation'].map(mcrSet) },
  { name: 'FormScanner Test', blank: 'formscanner/Test/Test.pdf', truth: fsTemplate('Test'), sets: [{
    set: 'formscanner/Test', files: Object.keys(FORMSCANNER_IDS).map((f) => path.join(FS, 'Test', f)),
    expected: (d) => Object.entries(FORMSCANNER_IDS).flatMap(([file, { id, bubbles }]) => [
      { file, column: '考号', value: bubbles ?? id, flag: !!bubbles },
      ...(file === 'T00001.jpg' ? T00001_ANSWERS.map((v, i) => {
        const q = d.questions.get(`Question${String(i + 1).padStart(2, '0')}`)!;
        return { file, column: `Q${i + 1}`, question: q.no, value: asLetters(q.values, [...v]), flag: false };
      }) : []),
    ]),
  }] },
];

// A measurement of recognition through the API, which no database changes: one kind (the real PostgreSQL when
// DATABASE_URL is set, else PGlite); the scanning routes themselves are tested on both in scan*.test.ts.
describe.each([dbKinds[dbKinds.length - 1]!])('cards made elsewhere, drawn in the editor, read through the API (%s)', (kind) => {
  const { t, token, api, subjectId, uploadBlank, readSet, figures } = thirdPartyApi(kind, '第三方答题卡识别率');

  for (const form of FORMS) {
    it(`drawn in the editor — ${form.name}: on every set ≥ ${GOAL * 100} % of clean answers right without a person, no silent error`, async () => {
      const blank = await uploadBlank(path.join(samplesDir(), form.blank));
      // where the bubbles are, to know where a person puts the boxes: the stored blank as the engine reads it
      const img = await t().app.inject({ url: `/api/v1/${blank.imageUrl}`, headers: { authorization: token() } });
      const [blankRaster] = await decodeImage(img.rawPayload);
      const drawing = drawLikeASchool(form.truth(blankRaster!), SEED);
      const snapped: DrawnShape[] = [];
      for (const shape of drawing.shapes) {
        const r = await api<DrawnShape>('POST', 'make_template/snap', { examSubjectId: subjectId(), imageUrl: blank.imageUrl, shape });
        expect(r.body.code, `${shape.id}: ${r.body.msg}`).toBe(200);
        snapped.push(r.body.data);
      }
      const template = templateFromDrawing({ name: form.name, width: blank.width, height: blank.height, shapes: snapped });
      const saved = await api<{ template: SheetTemplate }>('POST', 'make_template/save', { examSubjectId: subjectId(), imageUrl: blank.imageUrl, template, drawing: { name: form.name, width: blank.width, height: blank.height, shapes: snapped } });
      expect(saved.body.code, saved.body.msg).toBe(200);
      const total = newFigures(form.name, '绘制', 0);
      for (const set of form.sets) {
        const page = await readSet(set.files);
        const fig = newFigures(set.set, '绘制', set.files.length);
        for (const e of set.expected(drawing)) {
          const p = page(e.file);
          const a = e.question ? p.answer(e.question) : undefined;
          if (e.question) expect(a, `${e.file} ${e.column}`).toBeDefined();
          judge(fig, e, e.question ? { value: [...a!.marked].sort().join(''), doubt: a!.doubt !== null } : p.examNo, `${e.file} ${e.column}`);
        }
        figures.push(fig);
        for (const k of ['sheets', 'clean', 'right', 'falseDoubts', 'flagsShown', 'flags'] as const) total[k] += fig[k];
        total.silent.push(...fig.silent);
      }
      figures.push(total);
      for (const f of figures.slice(-form.sets.length - 1, -1)) expectGoal(f);
      expectGoal(total);
    }, 900_000);
  }

  it('drawn in the editor: the page of the rejected-file set that is no answer sheet is refused', async () => {
    const page = await readSet([path.join(FIXTURES, 'open-mcr', 'rejected-file', 'reject.png')]);
    expect(page('reject.png').kind).toBe('anchor');
  }, 300_000);

});
