/**
 * Per-exam analysis settings (spec: systemConfig / examSetting; docs/DOMAIN-RULES.md §3 defaults). Each family has a zod
 * schema and a default; a stored value (exam_setting row) overrides the default, a course-level value
 * overrides the exam-wide one for the families in COURSE_LEVEL_FAMILIES. packages/analysis reads the defaults
 * and `resolveSetting` from here.
 */
import { z } from 'zod';

import { id, trimmed } from './common.js';
const courseCode = z.preprocess((v) => (v === '' || v === null ? undefined : v), trimmed().min(1).max(20).optional());
const posInt = z.number().int().positive();

const strictlyDescending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! > x);
const strictlyAscending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! < x);

/** Rates (四率/五率): share of full score; every level "at least", except 低分 = "below". */
export const ratesSchema = z.object({
  /** '四率' = 优秀 良好 及格 低分; '五率' adds 高分. */
  label: z.enum(['四率', '五率']),
  levels: z.array(z.object({
    key: z.enum(['high', 'excellent', 'good', 'pass', 'low']),
    name: trimmed().min(1).max(10),
    threshold: z.number().gt(0, '比例须在 0 到 1 之间').max(1, '比例须在 0 到 1 之间'),
  })).length(5, '须设置 高分、优秀、良好、及格、低分 五档'),
}).refine((v) => v.levels.map((l) => l.key).join() === 'high,excellent,good,pass,low', { message: '档次顺序须为 高分、优秀、良好、及格、低分' })
  .refine((v) => strictlyDescending(v.levels.map((l) => l.threshold)), { message: '各档比例须从高到低依次递减' });

/** Score segments: width in points for a subject and for the total. */
export const scoreSegmentSchema = z.object({
  subjectStep: z.number().positive().max(1000),
  totalStep: z.number().positive().max(10000),
});
/** Rank segments: upper rank bounds (top 10, top 20, …), ascending. */
export const rankSegmentSchema = z.object({
  bounds: z.array(posInt).min(1).max(50).refine(strictlyAscending, '名次段须从小到大递增'),
});
/** 前 N 名 ranges shown in the N-rank analysis, ascending. */
export const nRankSchema = z.object({
  values: z.array(posInt).min(1).max(50).refine(strictlyAscending, '名次须从小到大递增'),
});
/** Online lines: each a total score or a target share of students (line = score at rank ceil(share·N)). */
export const onlineLinesSchema = z.object({
  lines: z.array(z.object({
    name: trimmed().min(1).max(20),
    score: z.number().min(0).max(10000).nullish(),
    share: z.number().gt(0).max(1).nullish(),
  }).refine((l) => (l.score == null) !== (l.share == null), { message: '每条线须设置分数或比例其中之一' })).max(20),
});
/** Critical students: |score − line or threshold| ≤ points. */
export const criticalBufferSchema = z.object({ points: z.number().min(0).max(1000) });
/** 学业等级 and 等级赋分: rank shares A..E (sum 1) and their score bands (high ≥ low, descending). */
export const studyLevelSchema = z.object({
  levels: z.array(z.object({
    name: trimmed().min(1).max(10),
    share: z.number().min(0).max(1),
    high: z.number().min(0).max(1000),
    low: z.number().min(0).max(1000),
  })).min(2).max(10),
}).refine((v) => Math.abs(v.levels.reduce((s, l) => s + l.share, 0) - 1) < 1e-6, { message: '各等级比例之和须为 100%' })
  .refine((v) => v.levels.every((l) => l.high >= l.low), { message: '每个等级的最高分不能低于最低分' })
  .refine((v) => v.levels.every((l, i) => i === 0 || v.levels[i - 1]!.low > l.high), { message: '等级分数区间须从高到低且不重叠' });
/** G-groups: number of groups by total. */
export const gGroupsSchema = z.object({ count: z.number().int().min(2).max(20) });
/** Subject combinations of totals; courseCodes [] = every subject of the exam. */
export const subjectCombosSchema = z.object({
  combos: z.array(z.object({
    name: trimmed().min(1).max(30),
    courseCodes: z.array(trimmed().min(1).max(20)).max(20),
  })).min(1).max(30),
});
export const studentRulesSchema = z.object({
  topNumber: z.number().int().min(0).max(1000),
  bottomNumber: z.number().int().min(0).max(1000),
  upNumber: z.number().int().min(0).max(1000),
  lowNumber: z.number().int().min(0).max(1000),
});

export const SETTING_SCHEMAS = {
  rates: ratesSchema,
  scoreSegment: scoreSegmentSchema,
  rankSegment: rankSegmentSchema,
  nRank: nRankSchema,
  onlineLines: onlineLinesSchema,
  criticalBuffer: criticalBufferSchema,
  studyLevel: studyLevelSchema,
  gGroups: gGroupsSchema,
  subjectCombos: subjectCombosSchema,
  studentRules: studentRulesSchema,
} as const;
export type SettingFamily = keyof typeof SETTING_SCHEMAS;
export type SettingValue<F extends SettingFamily> = z.infer<(typeof SETTING_SCHEMAS)[F]>;
export const SETTING_FAMILIES = Object.keys(SETTING_SCHEMAS) as SettingFamily[];
export const settingFamilySchema = z.enum(SETTING_FAMILIES as [SettingFamily, ...SettingFamily[]]);

export const SETTING_FAMILY_NAMES: Record<SettingFamily, string> = {
  rates: '四率/五率',
  scoreSegment: '分数段',
  rankSegment: '名次段',
  nRank: '前N名',
  onlineLines: '上线分数线',
  criticalBuffer: '临界生范围',
  studyLevel: '学业等级与等级赋分',
  gGroups: 'G组',
  subjectCombos: '科目组合',
  studentRules: '学生进退步规则',
};

/** Families that may also be set per subject (course-level value overrides the exam-wide one). */
export const COURSE_LEVEL_FAMILIES: SettingFamily[] = ['rates', 'scoreSegment', 'criticalBuffer', 'studyLevel'];

/** Defaults (docs/DOMAIN-RULES.md §3, docs/PRODUCT.md §9). nRank and onlineLines have no documented default: this project's choice. */
export const SETTING_DEFAULTS: { [F in SettingFamily]: SettingValue<F> } = {
  rates: {
    label: '四率',
    levels: [
      { key: 'high', name: '高分', threshold: 0.9 },
      { key: 'excellent', name: '优秀', threshold: 0.8 },
      { key: 'good', name: '良好', threshold: 0.7 },
      { key: 'pass', name: '及格', threshold: 0.6 },
      { key: 'low', name: '低分', threshold: 0.3 },
    ],
  },
  scoreSegment: { subjectStep: 10, totalStep: 50 },
  rankSegment: { bounds: [10, 20, 50, 100, 200, 500] },
  nRank: { values: [10, 50, 100, 200] },
  onlineLines: { lines: [{ name: '特控线', share: 0.15 }, { name: '本科线', share: 0.5 }] },
  criticalBuffer: { points: 10 },
  studyLevel: {
    levels: [
      { name: 'A', share: 0.15, high: 100, low: 86 },
      { name: 'B', share: 0.35, high: 85, low: 71 },
      { name: 'C', share: 0.35, high: 70, low: 56 },
      { name: 'D', share: 0.13, high: 55, low: 41 },
      { name: 'E', share: 0.02, high: 40, low: 30 },
    ],
  },
  gGroups: { count: 10 },
  subjectCombos: { combos: [{ name: '总分', courseCodes: [] }] },
  studentRules: { topNumber: 10, bottomNumber: 10, upNumber: 3, lowNumber: 3 },
};

/** A deep copy of a family's default. */
export function defaultSetting<F extends SettingFamily>(family: F): SettingValue<F> {
  return structuredClone(SETTING_DEFAULTS[family]);
}

/**
 * The effective value of a family: the course-level stored value (course-level families only), else the
 * exam-wide stored value, else the default.
 */
export function resolveSetting<F extends SettingFamily>(
  family: F, stored: { courseCode: string | null; family: string; value: unknown }[], course?: string | null,
): { value: SettingValue<F>; source: 'course' | 'exam' | 'default' } {
  if (course && COURSE_LEVEL_FAMILIES.includes(family)) {
    const c = stored.find((s) => s.family === family && s.courseCode === course);
    if (c) return { value: c.value as SettingValue<F>, source: 'course' };
  }
  const e = stored.find((s) => s.family === family && s.courseCode === null);
  if (e) return { value: e.value as SettingValue<F>, source: 'exam' };
  return { value: defaultSetting(family), source: 'default' };
}

// ---------------------------------------------------------------- requests and responses

export const querySettingQuery = z.object({ examId: id, courseCode });
export const updateSettingBody = z.object({ examId: id, courseCode, family: settingFamilySchema, value: z.unknown() });
export const rollBackSettingBody = z.object({ examId: id, courseCode, family: settingFamilySchema });
export const settingIdParams = z.object({ id });

export const settingItemSchema = z.object({
  family: settingFamilySchema,
  familyName: z.string(),
  /** The stored row's id at the asked level (for reset/{id}); null when nothing is stored there. */
  id: z.number().nullable(),
  courseLevel: z.boolean(),
  value: z.unknown(),
  source: z.enum(['course', 'exam', 'default']),
  /** The value equals the default (the school's default when it set one, else the platform's). */
  isDefault: z.boolean(),
  defaultValue: z.unknown(),
  /** Where the default comes from: the school's analysis defaults (学校分析默认设置) or the platform. */
  defaultSource: z.enum(['school', 'platform']),
});
export type SettingItem = z.infer<typeof settingItemSchema>;
export const settingListSchema = z.object({
  examId: z.number(),
  courseCode: z.string().nullable(),
  items: z.array(settingItemSchema),
});

// ---------------------------------------------------------------- the school's defaults (systemSettings)

/**
 * Families a school sets as its defaults for new exams (/analyzeManageSystemSettings/systemSetting). 科目组合 names
 * an exam's own subjects, so it stays an exam setting.
 */
export const SCHOOL_SETTING_FAMILIES: SettingFamily[] = SETTING_FAMILIES.filter((f) => f !== 'subjectCombos');
export const schoolSettingFamilySchema = z.enum(SCHOOL_SETTING_FAMILIES as [SettingFamily, ...SettingFamily[]], '该设置不能作为学校默认设置');

export const schoolSettingUpdateBody = z.object({ family: schoolSettingFamilySchema, value: z.unknown() });
export const schoolSettingFamilyBody = z.object({ family: schoolSettingFamilySchema });

export const schoolSettingItemSchema = z.object({
  family: settingFamilySchema,
  familyName: z.string(),
  /** The school's value, or the platform default when the school set none. */
  value: z.unknown(),
  /** The school set no value: new exams take the platform default. */
  isDefault: z.boolean(),
  defaultValue: z.unknown(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SchoolSettingItem = z.infer<typeof schoolSettingItemSchema>;
export const schoolSettingListSchema = z.object({
  /** The caller may change the school's defaults (the school administrator). */
  editable: z.boolean(),
  items: z.array(schoolSettingItemSchema),
});
export type SchoolSettingList = z.infer<typeof schoolSettingListSchema>;

/** Equal setting values whatever the order of their keys (stored JSON and the defaults above); a null key = a missing one. */
export function sameSettingValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => (Array.isArray(v) ? v.map(norm)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.keys(v as object).filter((k) => (v as Record<string, unknown>)[k] != null).sort().map((k) => [k, norm((v as Record<string, unknown>)[k])]))
      : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

const pctText = (x: number) => `${Math.round(x * 10000) / 100}%`;

/** A family's value in one line, as a school reads it (previews of a copy, lists). */
export function settingSummary(family: SettingFamily, value: unknown): string {
  const v = value as Record<string, any>;
  switch (family) {
    case 'rates': {
      const levels = (v.levels as { key: string; name: string; threshold: number }[]).filter((l) => v.label === '五率' || l.key !== 'high');
      return `${v.label}：${levels.map((l) => `${l.name} ${l.key === 'low' ? '<' : '≥'}${pctText(l.threshold)}`).join('、')}`;
    }
    case 'scoreSegment': return `单科每 ${v.subjectStep} 分、总分每 ${v.totalStep} 分`;
    case 'rankSegment': return `前 ${(v.bounds as number[]).join('、')} 名`;
    case 'nRank': return `前 ${(v.values as number[]).join('、')} 名`;
    case 'onlineLines': {
      const lines = v.lines as { name: string; score?: number | null; share?: number | null }[];
      return lines.length ? lines.map((l) => `${l.name} ${l.score != null ? `${l.score} 分` : `前 ${pctText(l.share ?? 0)}`}`).join('、') : '不设分数线';
    }
    case 'criticalBuffer': return `上下 ${v.points} 分`;
    case 'studyLevel': return (v.levels as { name: string; share: number }[]).map((l) => `${l.name} ${pctText(l.share)}`).join('、');
    case 'gGroups': return `${v.count} 组`;
    case 'subjectCombos': return (v.combos as { name: string; courseCodes: string[] }[]).map((c) => `${c.name}（${c.courseCodes.length ? `${c.courseCodes.length} 科` : '全部科目'}）`).join('、');
    case 'studentRules': return `前 ${v.topNumber} 名、后 ${v.bottomNumber} 名、每班进步 ${v.upNumber} 人、退步 ${v.lowNumber} 人`;
    default: return '';
  }
}
