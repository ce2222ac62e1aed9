import { describe, expect, it } from 'vitest';
import { classComment, fmt, studentComment } from './comment.js';

/** Expected sentences written out by hand from the inputs (85.5 − 83 = 2.5; 2.5 ÷ 83 = 3.01 %). */
describe('comment generator', () => {
  it('formats numbers without trailing zeros', () => {
    expect(fmt(85.333)).toBe('85.33');
    expect(fmt(85.1)).toBe('85.1');
    expect(fmt(85)).toBe('85');
    expect(fmt(0.30120481927 * 100, 1)).toBe('30.1');
  });

  it('writes a class comment from the class and grade numbers', () => {
    const text = classComment({
      className: '高一1班', courseName: '总分', mean: 85.5, gradeMean: 83, overMeanRate: 2.5 / 83, meanRank: 1, classCount: 2,
      rates: [{ name: '优秀', share: 0.25 }, { name: '及格', share: 0.75 }, { name: '低分', share: null, below: true }],
      strongest: '数学', weakest: '语文',
    });
    expect(text).toBe('高一1班总分平均分 85.5 分，高于年级平均分 2.5 分（超均率 3.01%），在 2 个班级中排第 1 名。优秀率 25%，及格率 75%。整体表现优秀，请继续保持。优势学科为数学，相对薄弱学科为语文。');
  });

  it('handles no data and equal means', () => {
    expect(classComment({ className: '高一2班', courseName: '数学', mean: null, gradeMean: 50, overMeanRate: null, meanRank: null, classCount: 2, rates: [] }))
      .toBe('高一2班数学暂无成绩数据。');
    expect(classComment({ className: '高一2班', courseName: '数学', mean: 50, gradeMean: 50, overMeanRate: 0, meanRank: null, classCount: 1, rates: [] }))
      .toBe('高一2班数学平均分 50 分，与年级平均分持平。');
  });

  it('writes a student comment with progress and subjects', () => {
    expect(studentComment({ name: '张三', total: 520, gradeRank: 12, gradeCount: 400, classRank: 3, classCount: 45, change: 5, strongSubject: '数学', weakSubject: '英语' }))
      .toBe('张三本次考试总分 520 分，年级第 12 名（共 400 人），班级第 3 名（共 45 人）。较参照考试进步 5 名，值得表扬。优势学科为数学。英语相对薄弱，建议重点加强。');
    expect(studentComment({ name: '李四', total: null, gradeRank: null, gradeCount: 10, classRank: null, classCount: 5, change: null }))
      .toBe('李四本次考试有科目缺考，未参与总分排名。');
    expect(studentComment({ name: '王五', total: 80.5, gradeRank: 2, gradeCount: 10, classRank: 1, classCount: 5, change: -3 }))
      .toBe('王五本次考试总分 80.5 分，年级第 2 名（共 10 人），班级第 1 名（共 5 人）。较参照考试退步 3 名，需要查找原因。');
  });
});
