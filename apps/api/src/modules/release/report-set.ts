/**
 * The stored report set of a released exam (exam_report.data): the engine's reports for all students and,
 * per 学籍类型, the engine's reports over the students of that type only (the registrationType filter), with
 * what the report api needs to label, filter and cut them.
 */
import type { buildAllReports } from '@jz/analysis';

export type EngineReports = ReturnType<typeof buildAllReports>;

export interface StoredClass { id: number; name: string; classType: string; sort: number }
export interface StoredSubject { code: string; name: string; fullScore: number }

export interface ReportSet {
  format: 1;
  exam: { id: number; schoolId: number; name: string; gradeId: number; gradeName: string; examType: number; referenceName: string | null };
  settings: {
    rateLabel: string;
    criticalBuffer: number;
    studentRules: { topNumber: number; bottomNumber: number; upNumber: number; lowNumber: number };
    showStudentRank: boolean;
    totalName: string;
  };
  classes: StoredClass[];
  subjects: StoredSubject[];
  registrationTypes: string[];
  /** '0' = every student; otherwise one 学籍类型. */
  variants: Record<string, EngineReports>;
}
