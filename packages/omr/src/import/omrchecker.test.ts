import { describe, expect, it } from 'vitest';
import { expandLabels, fromOmrChecker } from './omrchecker.js';
import { ImportError, columnValues } from './imported.js';

// The UmarFarootAPS community template of OMRChecker (samples/community/UmarFarootAPS/template.json), cut to two
// blocks. Expected positions follow OMRChecker's generate_bubble_grid by hand: the first bubble at `origin`,
// the next value `bubblesGap` further along the block's direction, the next field `labelsGap` across it.
const umar = {
  pageDimensions: [2550, 3300],
  bubbleDimensions: [32, 32],
  preProcessors: [{ name: 'CropOnMarkers', options: { relativePath: 'omr_marker.jpg', sheetToMarkerWidthRatio: 17 } }],
  customLabels: { Roll_no: ['r1', 'r2', 'r3', 'r4'] },
  fieldBlocks: {
    Roll_no: { fieldType: 'QTYPE_INT', origin: [2169, 180], fieldLabels: ['r1', 'r2', 'r3', 'r4'], bubblesGap: 61, labelsGap: 93 },
    MCQBlock1a1: { fieldType: 'QTYPE_MCQ4', origin: [197, 300], bubblesGap: 92, labelsGap: 59.6, fieldLabels: ['q1..17'] },
  },
};

describe('OMRChecker template.json → SheetTemplate', () => {
  it('expands label ranges like OMRChecker', () => {
    expect(expandLabels(['q1..3', 'Medium', 'roll1...2'])).toEqual(['q1', 'q2', 'q3', 'Medium', 'roll1', 'roll2']);
    expect(() => expandLabels(['q5..5'])).toThrow(ImportError);
  });

  it('lays bubbles out from origin, bubblesGap and labelsGap', () => {
    const { template, columns, admissionColumn, warnings } = fromOmrChecker(umar, { name: 'Umar' });
    expect(template).toMatchObject({ unit: 'px', width: 2550, height: 3300, anchorShape: 'ring' });
    expect(template.alignFrame).toBeUndefined();
    expect(warnings).toEqual([]);
    // CropOnMarkers: marker centres are the page corners; marker ≈ 0.65 × 2550 / 17 = 97.5 → 98 px wide.
    expect(template.anchors).toEqual([
      { x: -49, y: -49, w: 98, h: 98 },
      { x: 2501, y: -49, w: 98, h: 98 },
      { x: 2501, y: 3251, w: 98, h: 98 },
      { x: -49, y: 3251, w: 98, h: 98 },
    ]);
    expect(admissionColumn).toBe('Roll_no');
    const digits = template.admission!.digits!;
    expect(digits.map((g) => g.id)).toEqual(['r1', 'r2', 'r3', 'r4']);
    // QTYPE_INT is vertical: values 0–9 run down (y + 61 each), the next digit column is 93 to the right.
    expect(digits[0].bubbles[0]).toEqual({ x: 2169, y: 180, w: 32, h: 32, value: '0' });
    expect(digits[0].bubbles[9]).toEqual({ x: 2169, y: 180 + 9 * 61, w: 32, h: 32, value: '9' });
    expect(digits[3].bubbles[1]).toMatchObject({ x: 2169 + 3 * 93, y: 241, value: '1' });
    // QTYPE_MCQ4 is horizontal: A–D along x (+92), questions down (+59.6, rounded like OMRChecker's Bubble).
    expect(template.questions).toHaveLength(17);
    expect(template.questions[0]).toMatchObject({ id: 'q1', kind: 'single' });
    expect(template.questions[0].bubbles.map((b) => [b.x, b.y, b.value])).toEqual([
      [197, 300, 'A'], [289, 300, 'B'], [381, 300, 'C'], [473, 300, 'D'],
    ]);
    expect(template.questions[1].bubbles[0]).toMatchObject({ x: 197, y: 360 }); // 300 + 59.6 = 359.6
    expect(template.questions[16].bubbles[3]).toMatchObject({ x: 473, y: 1254 }); // 300 + 16 × 59.6 = 1253.6
    expect(columns.Roll_no).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(columns.q5).toEqual(['q5']);
  });

  it('joins custom labels with the empty value, the way OMRChecker writes its CSV', () => {
    const t = {
      pageDimensions: [300, 400],
      bubbleDimensions: [20, 20],
      emptyValue: '',
      customLabels: { q5: ['q5_1', 'q5_2'] },
      fieldBlocks: {
        Int: { fieldType: 'QTYPE_INT', origin: [10, 10], fieldLabels: ['q5_1', 'q5_2'], bubblesGap: 30, labelsGap: 30, emptyValue: 'no' },
        Custom: { origin: [100, 10], fieldLabels: ['stu'], bubbleValues: ['U', 'A', 'HT'], bubblesGap: 30, labelsGap: 30, direction: 'vertical' },
      },
      preProcessors: [{ name: 'CropPage', options: {} }],
    };
    const imp = fromOmrChecker(t, { name: 't' });
    expect(imp.template.anchors).toEqual([]);
    expect(imp.template.anchorShape).toBeUndefined();
    expect(imp.template.alignFrame).toBe(true); // no markers: the frame settles on the printed bubbles
    expect(imp.template.findPage).toBe(true); // CropPage: a photo, the paper's edges are found (rectify.ts)
    expect(imp.warnings).toEqual([]);
    expect(imp.template.questions.find((g) => g.id === 'stu')!.bubbles[2]).toMatchObject({ x: 100, y: 70, value: 'HT' });
    const read = (id: string, marked: string[], doubt?: 'none-in-column') => ({ id, marked, darkness: [], ...(doubt ? { doubt } : {}) });
    expect(columnValues(imp, [read('q5_1', ['1']), read('q5_2', [], 'none-in-column'), read('stu', ['HT'])])).toEqual({
      q5: { value: '1no', doubt: true },
      stu: { value: 'HT', doubt: false },
    });
  });

  it('takes only the digit fields of the roll label as 考号 columns; its letter fields stay in the column', () => {
    const t = {
      pageDimensions: [600, 400],
      bubbleDimensions: [20, 20],
      customLabels: { Roll: ['stu', 'roll1..2', 'check_1'] },
      fieldBlocks: {
        Stu: { origin: [10, 10], fieldLabels: ['stu'], bubbleValues: ['U', 'A'], bubblesGap: 30, labelsGap: 30, direction: 'vertical' },
        Roll: { fieldType: 'QTYPE_INT', origin: [40, 10], fieldLabels: ['roll1..2'], bubblesGap: 30, labelsGap: 30 },
        Check: { origin: [100, 10], fieldLabels: ['check_1'], bubbleValues: ['A', 'B'], bubblesGap: 30, labelsGap: 30, direction: 'vertical' },
      },
    };
    const imp = fromOmrChecker(t, { name: 't' });
    expect(imp.admissionColumn).toBe('Roll');
    expect(imp.template.admission!.digits!.map((g) => g.id)).toEqual(['roll1', 'roll2']);
    expect(imp.template.questions.map((g) => g.id)).toEqual(['stu', 'check_1']);
    expect(imp.columns.Roll).toEqual(['stu', 'roll1', 'roll2', 'check_1']);
  });

  it('refuses a file that is not an OMRChecker template, saying what is missing', () => {
    expect(() => fromOmrChecker({}, { name: 'x' })).toThrow('OMRChecker 模板缺少 pageDimensions');
    expect(() => fromOmrChecker({ ...umar, fieldBlocks: { B: { origin: [1, 1], fieldLabels: ['a'], bubblesGap: 1, labelsGap: 1 } } }, { name: 'x' }))
      .toThrow('字段块 B 缺少 bubbleValues');
    expect(() => fromOmrChecker({ ...umar, customLabels: { R: ['zz'] } }, { name: 'x' })).toThrow('自定义列 R 引用了不存在的字段 zz');
  });
});
