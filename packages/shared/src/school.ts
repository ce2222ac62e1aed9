/** School-data dictionaries shared by api, web and seed. */
export const COURSES = [
  { code: 'YW', name: '语文' },
  { code: 'SX', name: '数学' },
  { code: 'YY', name: '英语' },
  { code: 'WL', name: '物理' },
  { code: 'HX', name: '化学' },
  { code: 'SW', name: '生物' },
  { code: 'ZZ', name: '政治' },
  { code: 'LS', name: '历史' },
  { code: 'DL', name: '地理' },
] as const;

export const GRADES = [
  { name: '七年级', stage: '初中' },
  { name: '八年级', stage: '初中' },
  { name: '九年级', stage: '初中' },
  { name: '高一', stage: '高中' },
  { name: '高二', stage: '高中' },
  { name: '高三', stage: '高中' },
] as const;

/** 学籍类型. */
export const REGISTRATION_TYPES = ['应届', '往届', '借读', '复读'] as const;
export const CLASS_TYPES = ['行政班', '教学班'] as const;
export const GENDERS = ['男', '女'] as const;
export const SEMESTER_NAMES = ['第一学期', '第二学期'] as const;

/** Default password of demo accounts and the password a reset sets when none is given. */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEFAULT_RESET_PASSWORD = 'Jz@123456';

/** A class's full name as shown everywhere: 高一 + 1班. */
export const classFullName = (gradeName: string, className: string) => `${gradeName}${className}`;
