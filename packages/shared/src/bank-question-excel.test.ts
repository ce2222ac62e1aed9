import { describe, expect, it } from 'vitest';
import { checkQuestionRow } from './bank-question-excel.js';

/** The course tree of these cases (by hand): 函数 ─ 图像 (id 2), 几何 ─ 图像 (id 4); 函数 is 1, 几何 is 3. */
const points = [
  { id: 1, name: '函数', path: '函数' }, { id: 2, name: '图像', path: '函数 / 图像' },
  { id: 3, name: '几何', path: '几何' }, { id: 4, name: '图像', path: '几何 / 图像' },
];
const row = (cells: Record<string, string>) => checkQuestionRow({ type: '单选题', stem: 'x', optionA: '1', optionB: '2', answer: 'A', ...cells }, points);

describe('question rows of the Excel import', () => {
  it('turns a good row into the bank question', () => {
    expect(row({ stem: '1 < $x^2$\n第二行', optionB: '<b>', tags: '期中、期中,易错', points: '函数/图像；几何', difficulty: '.5' })).toEqual({
      row: {
        type: 'single', stem: '<p>1 &lt; $x^2$</p><p>第二行</p>', options: [{ label: 'A', content: '1' }, { label: 'B', content: '<b>' }], answer: 'A',
        analysis: '', difficulty: 0.5, pointIds: [2, 3], tags: ['期中', '易错'],
      },
    });
  });

  it('asks for a path when a point name is used twice, and names each bad cell', () => {
    expect(row({ points: '图像' })).toEqual({ errors: [['points', '知识点“图像”有重名，请写路径（如 函数/图像）']] });
    expect(row({ type: '多选题', optionC: '', optionD: '4', answer: 'AD' })).toEqual({
      errors: [['optionD', '选项D前面的选项为空，请从 A 起连续填写']],
    });
    expect(row({ answer: 'E' })).toEqual({ errors: [['answer', '答案“E”不在已填写的选项中']] });
    expect(row({ answer: 'AB' })).toEqual({ errors: [['answer', '单选题只能有一个答案']] });
    expect(row({ type: '判断题', answer: '对' })).toEqual({ errors: [['optionA', '判断题不填选项'], ['optionB', '判断题不填选项']] });
  });
});
