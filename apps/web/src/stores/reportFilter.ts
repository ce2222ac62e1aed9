import { useSyncExternalStore } from 'react';
import { DEFAULT_EXAM_LEVEL, DEFAULT_STUDENT_RULES } from '@jz/shared';

/**
 * Report filter state (docs/PRODUCT.md §3 "Report filter"), one per exam, persisted in sessionStorage under
 * `reportFilter:<examId>`. Defaults of docs/PRODUCT.md §9: class all = 0, subject total = 0, registration type all = 0;
 * student rules 10 / 10 / 3 / 3; examLevel 2.
 */
export interface ReportFilterState {
  /** 学科: 0 = 总分, else the course code. */
  courseCode: string | number;
  /** Exam-course id of the chosen course (when the server names courses by id). */
  selectCourseId: string | number;
  /** 班级类型: 0 = 全部. */
  classType: string | number;
  /** 班级: 0 = 全年级. */
  classCode: string | number;
  selectClassId: string | number;
  /** 成绩类型: 1 = 原始分 (the only one the contract knows). */
  scoreType: string | number;
  /** 学籍类型: 0 = 全部. */
  registrationType: string | number;
  /** A joint exam's organiser: 学校 of the class rows (0 = 全部学校); '' = none to choose (the server's default). */
  schoolId: number | '';
  topNumber: number;
  bottomNumber: number;
  upNumber: number;
  lowNumber: number;
  examLevel: number;
  /** The reference (last) exam of student progress; '' = the server's choice. */
  lastExamId: string | number;
  /** Filter attributes of the transcript (docs/PRODUCT.md §3). A non-empty single-course list hides 学科对比 / 学科质量. */
  transcript_oneCourseRelationInfoEntityIds: (string | number)[];
  transcript_registrationTypeName: string;
  transcript_naturalType: string | number;
  transcript_classTypes: (string | number)[];
  transcript_classNames: string[];
}

export const DEFAULT_REPORT_FILTER: Readonly<ReportFilterState> = {
  courseCode: 0,
  selectCourseId: 0,
  classType: 0,
  classCode: 0,
  selectClassId: 0,
  scoreType: 1,
  registrationType: 0,
  schoolId: '',
  ...DEFAULT_STUDENT_RULES,
  examLevel: DEFAULT_EXAM_LEVEL,
  lastExamId: '',
  transcript_oneCourseRelationInfoEntityIds: [],
  transcript_registrationTypeName: '',
  transcript_naturalType: 0,
  transcript_classTypes: [],
  transcript_classNames: [],
};

const KEY = (examId: string) => `reportFilter:${examId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, ReportFilterState>();

function read(examId: string): ReportFilterState {
  const hit = cache.get(examId);
  if (hit) return hit;
  let state: ReportFilterState = { ...DEFAULT_REPORT_FILTER };
  try {
    const raw = sessionStorage.getItem(KEY(examId));
    if (raw) {
      const saved = JSON.parse(raw) as Partial<ReportFilterState>;
      if (saved && typeof saved === 'object') {
        state = { ...state, ...Object.fromEntries(Object.entries(saved).filter(([k]) => k in DEFAULT_REPORT_FILTER)) };
      }
    }
  } catch { /* a broken entry falls back to the defaults */ }
  cache.set(examId, state);
  return state;
}

function write(examId: string, state: ReportFilterState) {
  cache.set(examId, state);
  try { sessionStorage.setItem(KEY(examId), JSON.stringify(state)); } catch { /* storage full or disabled */ }
  listeners.forEach((l) => l());
}

export const reportFilterStore = {
  get: read,
  /** Merges a patch into the exam's filter and notifies every page. */
  set(examId: string, patch: Partial<ReportFilterState>) {
    write(examId, { ...read(examId), ...patch });
  },
  /** Back to the defaults of docs/PRODUCT.md §9. */
  reset(examId: string) {
    write(examId, { ...DEFAULT_REPORT_FILTER });
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => { listeners.delete(l); };
  },
};

/** The filter of one exam and its setter; re-renders on every change. */
export function useReportFilter(examId: string): [ReportFilterState, (patch: Partial<ReportFilterState>) => void] {
  const state = useSyncExternalStore(reportFilterStore.subscribe, () => read(examId), () => read(examId));
  return [state, (patch) => reportFilterStore.set(examId, patch)];
}

/**
 * True when a single course is chosen — the 学科 filter is a subject (not 0 = 总分) or the transcript's
 * single-course attribute is set (docs/PRODUCT.md §2: hides 学科对比 and 学科质量; contract hiddenForSingleCourse).
 */
export function isOneCourseFilter(state: ReportFilterState): boolean {
  return String(state.courseCode ?? '0') !== '0' || state.transcript_oneCourseRelationInfoEntityIds.length > 0;
}
