/**
 * Joint exams (联考, docs/DOMAIN-RULES.md §7): the unified 考号, the anonymous school names and the registration code.
 * Pure functions: the api assigns with them and the web shows them.
 */

import { columnLetters } from './format.js';

/** The joint 考号 is 7 digits: the school's 2 digits in the exam, the class's 2 digits in that school, the 3-digit seat. */
export const JOINT_EXAM_NO_LENGTH = 7;
export const MAX_JOINT_SCHOOLS = 99;
export const MAX_JOINT_CLASSES = 99;
export const MAX_JOINT_SEATS = 999;

export function jointExamNo(schoolCode: number, classNo: number, seat: number): string {
  if (!Number.isInteger(schoolCode) || schoolCode < 1 || schoolCode > MAX_JOINT_SCHOOLS) throw new Error(`学校代码须为 1–${MAX_JOINT_SCHOOLS}`);
  if (!Number.isInteger(classNo) || classNo < 1 || classNo > MAX_JOINT_CLASSES) throw new Error(`班级序号须为 1–${MAX_JOINT_CLASSES}`);
  if (!Number.isInteger(seat) || seat < 1 || seat > MAX_JOINT_SEATS) throw new Error(`座位号须为 1–${MAX_JOINT_SEATS}`);
  return `${String(schoolCode).padStart(2, '0')}${String(classNo).padStart(2, '0')}${String(seat).padStart(3, '0')}`;
}

/** The three parts of a joint 考号, or null when it is not 7 digits with non-zero parts. */
export function parseJointExamNo(no: string): { schoolCode: number; classNo: number; seat: number } | null {
  if (!/^\d{7}$/.test(no)) return null;
  const schoolCode = Number(no.slice(0, 2));
  const classNo = Number(no.slice(2, 4));
  const seat = Number(no.slice(4));
  return schoolCode && classNo && seat ? { schoolCode, classNo, seat } : null;
}

/**
 * 考号 of one school's candidates: classes in the order given (class number = position + 1), students of a class
 * in the order given (seat = position + 1). Refuses more than 99 classes or 999 students in one class.
 */
export function assignJointExamNos<T>(schoolCode: number, classes: T[][]): { student: T; examNo: string; classNo: number; seat: number }[] {
  if (classes.length > MAX_JOINT_CLASSES) throw new Error(`联考每校最多 ${MAX_JOINT_CLASSES} 个班级`);
  return classes.flatMap((students, c) => {
    if (students.length > MAX_JOINT_SEATS) throw new Error(`联考每班最多 ${MAX_JOINT_SEATS} 名考生`);
    return students.map((student, s) => ({ student, examNo: jointExamNo(schoolCode, c + 1, s + 1), classNo: c + 1, seat: s + 1 }));
  });
}

/** 学校A … 学校Z, then 学校AA, 学校AB … (the column letters of a spreadsheet) for position 0, 1, …. */
export const anonymousSchoolName = (index: number): string => `学校${columnLetters(index)}`;

/** Letters and digits a person reads aloud without confusion (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REGISTRATION_CODE_LENGTH = 8;

/** A registration code from `random` (returns numbers in [0, 1)). */
export function registrationCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < REGISTRATION_CODE_LENGTH; i++) code += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return code;
}

export const isRegistrationCode = (s: string) => new RegExp(`^[${CODE_ALPHABET}]{${REGISTRATION_CODE_LENGTH}}$`).test(s);

export const EXAM_SCHOOL_STATUS_NAMES = { invited: '已邀请', joined: '已加入', confirmed: '已确认班级', withdrawn: '已退出' } as const;

/** How the organiser has a joint exam's subject scored; 混合阅卷 (shared marking across schools) is a stored choice here. */
export const JOINT_SCORING_NAMES = { import: '学校导入', school_marking: '各校阅卷', mixed_marking: '混合阅卷' } as const;
export type JointScoringMode = keyof typeof JOINT_SCORING_NAMES;
