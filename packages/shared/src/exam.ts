/**
 * Exam enumerations (docs/PRODUCT.md §3) and business constants (docs/PRODUCT.md §9) shared by api, web and reports.
 * Where the spec gives only an English gloss, the Chinese chosen here is noted beside the constant.
 */

// ---------------------------------------------------------------- exam types (docs/PRODUCT.md §3)

/** Exam types 1–6: final, midterm, mock, monthly test, weekly test, daily test. */
export const EXAM_TYPES = [
  { value: 1, label: '期末' },
  { value: 2, label: '期中' },
  { value: 3, label: '模拟' },
  { value: 4, label: '月考' },
  { value: 5, label: '周测' },
  { value: 6, label: '日测' },
] as const;
export type ExamType = (typeof EXAM_TYPES)[number]['value'];
export const EXAM_TYPE_VALUES = EXAM_TYPES.map((t) => t.value) as ExamType[];

/** The label of an exam type; '' for an unknown value. @example examTypeLabel(4) // '月考' */
export function examTypeLabel(value: unknown): string {
  return EXAM_TYPES.find((t) => t.value === Number(value))?.label ?? '';
}

export function isExamType(value: unknown): value is ExamType {
  return EXAM_TYPES.some((t) => t.value === value);
}

// ---------------------------------------------------------------- rating modes (docs/PRODUCT.md §3, docs/DOMAIN-RULES.md §4)

/**
 * Rating modes 1–5. `description` follows the spec's wording ("two ratings, n supplementary, n review":
 * 补评 = the third marker, 复核 = arbitration by the block leader); `label` is the short name of docs/DOMAIN-RULES.md §4.
 */
export const RATING_MODES = [
  { value: 1, label: '单评', description: '单评', ratings: 1, supplementary: 0, review: 0 },
  { value: 2, label: '双评', description: '双评，0次补评，0次复核', ratings: 2, supplementary: 0, review: 0 },
  { value: 3, label: '双评+三评', description: '双评，1次补评，0次复核', ratings: 2, supplementary: 1, review: 0 },
  { value: 4, label: '双评+仲裁', description: '双评，0次补评，1次复核', ratings: 2, supplementary: 0, review: 1 },
  { value: 5, label: '双评+三评+仲裁', description: '双评，1次补评，1次复核', ratings: 2, supplementary: 1, review: 1 },
] as const;
export type RatingMode = (typeof RATING_MODES)[number]['value'];

/** The description of a rating mode; '' for an unknown value. */
export function ratingModeDescription(value: unknown): string {
  return RATING_MODES.find((m) => m.value === Number(value))?.description ?? '';
}

export function isRatingMode(value: unknown): value is RatingMode {
  return RATING_MODES.some((m) => m.value === value);
}

// ---------------------------------------------------------------- five rates (docs/PRODUCT.md §3, docs/DOMAIN-RULES.md §3.9)

export type RateKey = 'high' | 'excellent' | 'good' | 'pass' | 'low';

/**
 * Five-rate levels, best first, with the default thresholds of docs/DOMAIN-RULES.md §3.9 (share of the full score; 低分 is
 * "below 30%", the others "at least"). Spec gloss: top, excellent, good, pass, low.
 */
export const FIVE_RATE_LEVELS = [
  { key: 'high', name: '高分', threshold: 0.9, below: false },
  { key: 'excellent', name: '优秀', threshold: 0.8, below: false },
  { key: 'good', name: '良好', threshold: 0.7, below: false },
  { key: 'pass', name: '及格', threshold: 0.6, below: false },
  { key: 'low', name: '低分', threshold: 0.3, below: true },
] as const satisfies readonly { key: RateKey; name: string; threshold: number; below: boolean }[];

/**
 * The school variant of the level names (spec gloss: high, good, fine, pass, low). Reading: the school
 * variant uses the wording of 学业水平 reports, where the pass level is 合格; the other names coincide with
 * the standard ones (高分 = high, 优秀 = good, 良好 = fine), keys and thresholds are the same.
 */
export const SCHOOL_FIVE_RATE_LEVELS = [
  { key: 'high', name: '高分', threshold: 0.9, below: false },
  { key: 'excellent', name: '优秀', threshold: 0.8, below: false },
  { key: 'good', name: '良好', threshold: 0.7, below: false },
  { key: 'pass', name: '合格', threshold: 0.6, below: false },
  { key: 'low', name: '低分', threshold: 0.3, below: true },
] as const satisfies readonly { key: RateKey; name: string; threshold: number; below: boolean }[];

/** Four rates (the default report): 优秀, 良好, 及格, 低分 — the five rates without 高分. */
export const FOUR_RATE_LEVELS = FIVE_RATE_LEVELS.filter((l) => l.key !== 'high');

/** docs/PRODUCT.md §9: analysis rate label default 四, report rate name default 四率. */
export const DEFAULT_ANALYSIS_RATE_LABEL = '四';
export const DEFAULT_REPORT_RATE_NAME = '四率';

// ---------------------------------------------------------------- G-groups (docs/PRODUCT.md §3)

export const G_GROUPS = ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8', 'G9', 'G10'] as const;
export type GGroup = (typeof G_GROUPS)[number];

// ---------------------------------------------------------------- combined subjects (docs/PRODUCT.md §3)

/**
 * Labels of a count of combined subjects, 2..9 ("two-subject to nine-subject"). Chinese counts two of a
 * thing with 两, hence 两科 (not 二科).
 */
export const SUBJECT_COUNT_LABELS: Readonly<Record<number, string>> = {
  2: '两科',
  3: '三科',
  4: '四科',
  5: '五科',
  6: '六科',
  7: '七科',
  8: '八科',
  9: '九科',
};

/** The label of a number of combined subjects; null outside 2..9. @example subjectCountLabel(3) // '三科' */
export function subjectCountLabel(count: unknown): string | null {
  return typeof count === 'number' && Number.isInteger(count) ? (SUBJECT_COUNT_LABELS[count] ?? null) : null;
}

// ---------------------------------------------------------------- subject icons and colors (docs/PRODUCT.md §3)

export interface SubjectStyle {
  /** Glyph shown in the subject badge. */
  icon: string;
  /** Badge colour (hex). */
  color: string;
}

/** Subject name → icon glyph and colour. Unknown subjects get `DEFAULT_SUBJECT_STYLE`. */
export const SUBJECT_STYLES: Readonly<Record<string, SubjectStyle>> = {
  语文: { icon: '语', color: '#F5222D' },
  数学: { icon: '数', color: '#1677FF' },
  英语: { icon: '英', color: '#722ED1' },
  物理: { icon: '物', color: '#13C2C2' },
  化学: { icon: '化', color: '#52C41A' },
  生物: { icon: '生', color: '#389E0D' },
  政治: { icon: '政', color: '#FA541C' },
  道德与法治: { icon: '道', color: '#FA541C' },
  历史: { icon: '史', color: '#D48806' },
  地理: { icon: '地', color: '#08979C' },
  科学: { icon: '科', color: '#2F54EB' },
  信息技术: { icon: '信', color: '#597EF7' },
  通用技术: { icon: '通', color: '#9254DE' },
  体育: { icon: '体', color: '#FAAD14' },
  音乐: { icon: '音', color: '#EB2F96' },
  美术: { icon: '美', color: '#F759AB' },
  总分: { icon: '总', color: '#1D39C4' },
};

export const DEFAULT_SUBJECT_STYLE: SubjectStyle = { icon: '科', color: '#8C8C8C' };

/** The style of a subject by name; unknown names get the default colour and their first character as icon. */
export function subjectStyle(name: unknown): SubjectStyle {
  if (typeof name !== 'string' || name.trim() === '') return DEFAULT_SUBJECT_STYLE;
  const key = name.trim();
  return SUBJECT_STYLES[key] ?? { icon: Array.from(key)[0], color: DEFAULT_SUBJECT_STYLE.color };
}

// ---------------------------------------------------------------- report defaults (docs/PRODUCT.md §9)

export interface StudentRules {
  topNumber: number;
  bottomNumber: number;
  upNumber: number;
  lowNumber: number;
}

/** docs/PRODUCT.md §9: default student rules top 10, bottom 10, up 3, low 3. */
export const DEFAULT_STUDENT_RULES: Readonly<StudentRules> = { topNumber: 10, bottomNumber: 10, upNumber: 3, lowNumber: 3 };

/** docs/PRODUCT.md §9: default examLevel 2. */
export const DEFAULT_EXAM_LEVEL = 2;

// ---------------------------------------------------------------- marking panel (docs/PRODUCT.md §3, §9)

export interface MarkingPanelSettings {
  /** Panel colour. */
  themeColor: string;
  /** 1 = the panel takes themeColor; 2 = it takes backgroundColor. */
  backGroundType: number;
  /** Custom panel colour used when backGroundType is 2; no default in the spec. */
  backgroundColor?: string;
  /** 1 = show the drawn-scores list and the key hints. */
  showAdvancedFeatures: number;
  /** 1 = show the 满分 / 零分 buttons. */
  showAllRight: number;
  /** 1 = one button per score (when the item is small enough); 2 = typing only. */
  giveScorePanelType: number;
  /** 1 = panel below the image (horizontal); 2 = panel at the right of the image (vertical). */
  panelDerection: number;
  /** Score buttons per row. */
  panelRow: number;
  /** Panel opacity, 0.3 to 1 (1 = opaque). */
  panelTransparency: number;
}

/** docs/PRODUCT.md §9 default panel settings (field names as the spec spells them, panelDerection included). */
export const DEFAULT_MARKING_PANEL_SETTINGS: Readonly<MarkingPanelSettings> = {
  themeColor: '#E8EAEF',
  backGroundType: 1,
  showAdvancedFeatures: 1,
  showAllRight: 1,
  giveScorePanelType: 1,
  panelDerection: 2,
  panelRow: 5,
  panelTransparency: 1,
};

// ---------------------------------------------------------------- chart axis (docs/PRODUCT.md §9)

/**
 * Axis-max buckets of docs/PRODUCT.md §9 ("chart axis max buckets from 0.3 up to 700"). The spec gives only the ends;
 * the steps between are this project's choice: a 1-2-3-5 ladder for small values, then steps a reader can
 * divide into 5 ticks.
 */
export const CHART_AXIS_BUCKETS = [0.3, 0.5, 1, 2, 3, 5, 10, 15, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 300, 400, 500, 600, 700] as const;

/**
 * The axis maximum for a data maximum. Reading of docs/PRODUCT.md §9: the smallest bucket ≥ the value while the value
 * is ≤ 700; above 700 the value rounded up to the next multiple of ten (710 stays 710, 701 → 710).
 * Values ≤ 0, NaN or non-numbers → the first bucket 0.3 (an empty chart still has an axis).
 *
 * @example chartAxisMax(0.2) // 0.3
 * @example chartAxisMax(87) // 100
 * @example chartAxisMax(1234) // 1240
 */
export function chartAxisMax(value: unknown): number {
  const v = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(v) || v <= 0) return CHART_AXIS_BUCKETS[0];
  if (v <= 700) return CHART_AXIS_BUCKETS.find((b) => b >= v) ?? 700;
  return Math.ceil(v / 10) * 10;
}

// ---------------------------------------------------------------- print sizes (docs/PRODUCT.md §9)

/** docs/PRODUCT.md §9: A4 conversion 1754 px per 297 mm (150 dpi). */
export const A4_PX_PER_297_MM = 1754;
export const A4_HEIGHT_MM = 297;
export const A4_WIDTH_MM = 210;
export const A4_PX_PER_MM = A4_PX_PER_297_MM / A4_HEIGHT_MM;

/** Millimetres → pixels on the A4 raster (unrounded). @example mmToPx(297) // 1754 */
export function mmToPx(mm: number): number {
  return Number.isFinite(mm) ? (mm * A4_PX_PER_297_MM) / A4_HEIGHT_MM : 0;
}

/** Pixels → millimetres on the A4 raster (unrounded). @example pxToMm(1754) // 297 */
export function pxToMm(px: number): number {
  return Number.isFinite(px) ? (px * A4_HEIGHT_MM) / A4_PX_PER_297_MM : 0;
}

/** docs/PRODUCT.md §9: printable report page 908 × 1285 px. */
export const PRINT_PAGE_SIZE = { width: 908, height: 1285 } as const;
/** docs/PRODUCT.md §9: student score slip 595 × 842 px. */
export const SCORE_SLIP_SIZE = { width: 595, height: 842 } as const;
