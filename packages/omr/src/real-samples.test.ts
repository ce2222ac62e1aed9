// Real scans of three open-source OMR projects, read through the product's third-party-template path: a
// template per form (OpenMCR: fixtures/open-mcr/template-*.json, measured; OMRChecker and FormScanner: their own
// template files through the converters in src/import), then decodeImage → recognizeSheet, and every expected
// answer compared. Expected readings are the projects' own committed outputs (see each SOURCE.txt); they were
// reproduced by running those tools, they are not hand labels. The standard: every expected answer read; a
// doubt only where the expected reading shows the mark is not clean or the mark is listed below as visibly
// ambiguous (with what the scan shows); no silent wrong reading anywhere.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeImage, recognizeSheet } from './index.js';
import { columnValues } from './import/imported.js';
import { fromOmrChecker } from './import/omrchecker.js';
import { fromFormScanner } from './import/formscanner.js';
import { csvRows, omrCheckerExpected } from './real-samples/expected.js';
import { judgeAnswer, summaryLine, tally, type Check } from './real-samples/tally.js';
import type { GroupReading, SheetResult, SheetTemplate } from './types.js';

const FIX = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const json = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T;

async function read(path: string, template: SheetTemplate): Promise<SheetResult> {
  const [raster] = await decodeImage(readFileSync(path));
  return recognizeSheet(raster, template);
}

/** OpenMCR's field string (grid_reading.field_group_to_string): ' ' for no mark, [A|B] for several, trimmed. */
function openMcrString(groups: GroupReading[]): string {
  return groups.map((g) => (g.marked.length === 0 ? ' ' : g.marked.length === 1 ? g.marked[0] : `[${g.marked.join('|')}]`)).join('').trim();
}

// ─── OpenMCR ────────────────────────────────────────────────────────────────────────────────────────────────
const OPEN_MCR: { set: string; form: '75q' | '150q' }[] = [
  { set: '75q-core-1', form: '75q' },
  { set: '75q-core-3', form: '75q' },
  { set: '150q-core', form: '150q' },
  { set: 'rotation', form: '150q' },
  { set: 'low-resolution', form: '75q' },
  { set: 'rearrangement', form: '75q' },
  { set: 'rejected-file', form: '75q' },
];

/** Marks a person must look at although OpenMCR wrote one value: file → column → what the scan shows. */
const OPEN_MCR_AMBIGUOUS: Record<string, Record<string, string>> = {};

function openMcrExcuse(file: string, column: string) {
  return (expected: string): string | undefined => {
    if (expected.includes('[')) return 'several marks, OpenMCR wrote them all';
    if (column === 'Student ID' && (expected.length < 10 || expected.includes(' '))) return 'a 考号 column without a mark';
    return OPEN_MCR_AMBIGUOUS[file]?.[column];
  };
}

describe('OpenMCR scans (4 corner marks, 75/150 questions A–E, 10-digit student ID)', () => {
  const templates = {
    '75q': json<SheetTemplate>(join(FIX, 'open-mcr', 'template-75q.json')),
    '150q': json<SheetTemplate>(join(FIX, 'open-mcr', 'template-150q.json')),
  };
  for (const { set, form } of OPEN_MCR) {
    it(`${set}: every expected answer read, none wrong`, async () => {
      const rows = csvRows(readFileSync(join(FIX, 'open-mcr', set, 'expected-results.csv'), 'utf8'));
      const checks: Check[] = [];
      for (const row of rows) {
        const file = row['Source File'];
        const r = await read(join(FIX, 'open-mcr', set, file), templates[form]);
        expect(r.status, `${set}/${file}: ${r.reason}`).toBe('ok');
        const digits = r.admission?.digits ?? [];
        const idDoubt = !!r.admission?.doubt || digits.some((d) => !!d.doubt);
        checks.push(judgeAnswer(file, 'Student ID', row['Student ID'], { value: openMcrString(digits), doubt: idDoubt }, openMcrExcuse(file, 'Student ID')));
        for (const q of r.questions) {
          const col = `Q${q.id}`;
          if (!(col in row)) continue;
          checks.push(judgeAnswer(file, col, row[col], { value: openMcrString([q]), doubt: !!q.doubt }, openMcrExcuse(file, col)));
        }
      }
      const t = tally(checks);
      console.log(summaryLine(`open-mcr/${set}`, rows.length, t));
      expect(t.problems).toEqual([]);
    });
  }

  it('rejected-file: the page that is not an answer sheet is rejected with a reason', async () => {
    const rejected = csvRows(readFileSync(join(FIX, 'open-mcr', 'rejected-file', 'expected-rejected.csv'), 'utf8'));
    expect(rejected.map((r) => r['Source File'])).toEqual(['reject.png']);
    const r = await read(join(FIX, 'open-mcr', 'rejected-file', 'reject.png'), templates['75q']);
    expect(r.status).toBe('rejected');
    expect(r.reason).toMatch(/定位点|空白页/);
  });
});

// ─── OMRChecker ─────────────────────────────────────────────────────────────────────────────────────────────
const OMRC = join(FIX, 'omrchecker');

/** OMRChecker looks for template.json beside the image, then in each parent folder. */
function omrCheckerTemplatePath(inputPath: string): string {
  let dir = dirname(join(OMRC, inputPath));
  while (dir.startsWith(OMRC)) {
    if (existsSync(join(dir, 'template.json'))) return join(dir, 'template.json');
    dir = dirname(dir);
  }
  throw new Error(`no template.json for ${inputPath}`);
}

/** Sample folders read by this product, and those it does not read, with the reason. */
const OMRC_SETS: Record<string, string | null> = {};

describe('OMRChecker samples (template.json through the converter)', () => {
  const expected = omrCheckerExpected(readFileSync(join(OMRC, 'expected', 'test_all_samples.ambr'), 'utf8'));
  const bySet = new Map<string, typeof expected>();
  for (const e of expected) {
    const set = dirname(omrCheckerTemplatePath(e.inputPath)).slice(OMRC.length + 1);
    bySet.set(set, [...(bySet.get(set) ?? []), e]);
  }
  it('the snapshot holds the 29 result rows the SOURCE.txt counts', () => {
    expect(expected).toHaveLength(29);
  });
  for (const [set, rows] of bySet) {
    const skip = OMRC_SETS[set];
    it.skipIf(typeof skip === 'string')(`${set}: every expected answer read, none wrong${skip ? ` (not read: ${skip})` : ''}`, async () => {
      const imp = fromOmrChecker(json(join(OMRC, set, 'template.json')), { name: set });
      const checks: Check[] = [];
      for (const e of rows) {
        const r = await read(join(OMRC, e.inputPath), imp.template);
        expect(r.status, `${e.inputPath}: ${r.reason}`).toBe('ok');
        const got = columnValues(imp, [...r.questions, ...(r.admission?.digits ?? [])]);
        for (const [col, want] of Object.entries(e.values)) {
          const ids = imp.columns[col];
          const excuse = (x: string) => {
            if (ids.length === 1 && x.length > 1 && imp.template.questions.some((q) => q.id === ids[0] && q.bubbles.every((b) => b.value.length === 1))) return 'several marks, OMRChecker wrote them all';
            if (ids.length > 1 && [...new Set(ids.map((id) => imp.emptyValue[id]))].some((ev) => ev !== '' && x.includes(ev))) return 'a column without a mark';
            return undefined;
          };
          checks.push(judgeAnswer(e.inputPath, col, want, got[col], excuse));
        }
      }
      const t = tally(checks);
      console.log(summaryLine(`omrchecker/${set}`, rows.length, t));
      expect(t.problems).toEqual([]);
    });
  }
});

// ─── FormScanner ────────────────────────────────────────────────────────────────────────────────────────────
// No expected answers ship with FormScanner; the Test sheets carry the student ID handwritten above its bubbles,
// which gives the 考号 of each sheet (read by eye from the scans).
const FORMSCANNER_IDS: Record<string, string> = {
  'T00001.jpg': '104556',
  'T00002.jpg': '245784',
  'T00003.jpg': '102344',
  'T00004.jpg': '205790',
  'T00005.jpg': '199733',
};

describe('FormScanner Test sheets (ring corner marks, .xtmpl through the converter)', () => {
  const imp = fromFormScanner(readFileSync(join(FIX, 'formscanner', 'Test', 'test_template.xtmpl'), 'utf8'), {
    name: 'FormScanner Test', width: 2480, height: 3437, anchorSize: 135,
  });
  for (const [file, id] of Object.entries(FORMSCANNER_IDS)) {
    it(`${file}: the handwritten student ID is the one read from the bubbles`, async () => {
      const r = await read(join(FIX, 'formscanner', 'Test', file), imp.template);
      expect(r.status, r.reason).toBe('ok');
      const got = columnValues(imp, [...r.questions, ...(r.admission?.digits ?? [])]).ID;
      expect(got).toEqual({ value: id, doubt: false });
    });
  }
});
