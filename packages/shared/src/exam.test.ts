import { describe, expect, it } from 'vitest';
import {
  chartAxisMax,
  DEFAULT_EXAM_LEVEL,
  DEFAULT_MARKING_PANEL_SETTINGS,
  DEFAULT_REPORT_RATE_NAME,
  DEFAULT_ANALYSIS_RATE_LABEL,
  DEFAULT_STUDENT_RULES,
  EXAM_TYPES,
  examTypeLabel,
  FIVE_RATE_LEVELS,
  FOUR_RATE_LEVELS,
  G_GROUPS,
  isExamType,
  isRatingMode,
  mmToPx,
  PRINT_PAGE_SIZE,
  pxToMm,
  ratingModeDescription,
  RATING_MODES,
  SCHOOL_FIVE_RATE_LEVELS,
  SCORE_SLIP_SIZE,
  subjectCountLabel,
  subjectStyle,
  DEFAULT_SUBJECT_STYLE,
} from './exam.js';

describe('docs/PRODUCT.md §3 enumerations', () => {
  it('exam types 1–6', () => {
    expect(EXAM_TYPES.map((t) => [t.value, t.label])).toEqual([
      [1, '期末'],
      [2, '期中'],
      [3, '模拟'],
      [4, '月考'],
      [5, '周测'],
      [6, '日测'],
    ]);
    expect(examTypeLabel(4)).toBe('月考');
    expect(examTypeLabel('5')).toBe('周测');
    expect(examTypeLabel(7)).toBe('');
    expect(isExamType(6)).toBe(true);
    expect(isExamType(0)).toBe(false);
  });
  it('rating modes 1–5 with ratings / supplementary / review counts', () => {
    expect(RATING_MODES.map((m) => [m.value, m.ratings, m.supplementary, m.review])).toEqual([
      [1, 1, 0, 0],
      [2, 2, 0, 0],
      [3, 2, 1, 0],
      [4, 2, 0, 1],
      [5, 2, 1, 1],
    ]);
    expect(ratingModeDescription(3)).toBe('双评，1次补评，0次复核');
    expect(ratingModeDescription(9)).toBe('');
    expect(isRatingMode(5)).toBe(true);
    expect(isRatingMode(6)).toBe(false);
  });
  it('five rates, the school variant, four rates, G-groups', () => {
    expect(FIVE_RATE_LEVELS.map((l) => l.name)).toEqual(['高分', '优秀', '良好', '及格', '低分']);
    expect(SCHOOL_FIVE_RATE_LEVELS.map((l) => l.name)).toEqual(['高分', '优秀', '良好', '合格', '低分']);
    expect(FOUR_RATE_LEVELS.map((l) => l.name)).toEqual(['优秀', '良好', '及格', '低分']);
    expect(FIVE_RATE_LEVELS.map((l) => l.threshold)).toEqual([0.9, 0.8, 0.7, 0.6, 0.3]);
    expect(G_GROUPS).toHaveLength(10);
    expect(G_GROUPS[9]).toBe('G10');
  });
  it('subject-count labels 两科..九科', () => {
    expect([2, 3, 6, 9].map(subjectCountLabel)).toEqual(['两科', '三科', '六科', '九科']);
    expect([1, 10, 2.5, '3'].map(subjectCountLabel)).toEqual([null, null, null, null]);
  });
  it('subject styles with a default', () => {
    expect(subjectStyle('数学').icon).toBe('数');
    expect(subjectStyle('天文')).toEqual({ icon: '天', color: DEFAULT_SUBJECT_STYLE.color });
    expect(subjectStyle('')).toEqual(DEFAULT_SUBJECT_STYLE);
    expect(subjectStyle(undefined)).toEqual(DEFAULT_SUBJECT_STYLE);
  });
});

describe('docs/PRODUCT.md §9 constants', () => {
  it('report defaults', () => {
    expect(DEFAULT_STUDENT_RULES).toEqual({ topNumber: 10, bottomNumber: 10, upNumber: 3, lowNumber: 3 });
    expect(DEFAULT_EXAM_LEVEL).toBe(2);
    expect(DEFAULT_ANALYSIS_RATE_LABEL).toBe('四');
    expect(DEFAULT_REPORT_RATE_NAME).toBe('四率');
    expect(DEFAULT_MARKING_PANEL_SETTINGS).toEqual({
      themeColor: '#E8EAEF',
      backGroundType: 1,
      showAdvancedFeatures: 1,
      showAllRight: 1,
      giveScorePanelType: 1,
      panelDerection: 2,
      panelRow: 5,
      panelTransparency: 1,
    });
    expect(PRINT_PAGE_SIZE).toEqual({ width: 908, height: 1285 });
    expect(SCORE_SLIP_SIZE).toEqual({ width: 595, height: 842 });
  });
  // Python: 1754/297*210 = 1240.20202020202; 1754/297*10 = 59.05723905723906; 100*297/1754 = 16.9327251995439
  it('A4: 1754 px per 297 mm', () => {
    expect(mmToPx(297)).toBe(1754);
    expect(mmToPx(210)).toBeCloseTo(1240.20202020202, 9);
    expect(mmToPx(10)).toBeCloseTo(59.05723905723906, 9);
    expect(pxToMm(1754)).toBe(297);
    expect(pxToMm(100)).toBeCloseTo(16.9327251995439, 9);
    expect(mmToPx(NaN)).toBe(0);
  });
  it('chart axis max: buckets 0.3..700, above rounded up to the next ten', () => {
    expect(chartAxisMax(0.2)).toBe(0.3);
    expect(chartAxisMax(0.3)).toBe(0.3);
    expect(chartAxisMax(0.31)).toBe(0.5);
    expect(chartAxisMax(4)).toBe(5);
    expect(chartAxisMax(87)).toBe(100);
    expect(chartAxisMax(101)).toBe(120);
    expect(chartAxisMax(650)).toBe(700);
    expect(chartAxisMax(700)).toBe(700);
    expect(chartAxisMax(700.5)).toBe(710);
    expect(chartAxisMax(1234)).toBe(1240);
    expect(chartAxisMax(1240)).toBe(1240);
    expect(chartAxisMax(0)).toBe(0.3);
    expect(chartAxisMax(-5)).toBe(0.3);
    expect(chartAxisMax('x')).toBe(0.3);
  });
});
