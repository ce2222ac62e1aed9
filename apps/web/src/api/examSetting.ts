import { http } from '@/utils/request';

export type { SettingFamily, SettingItem, SettingValue } from '@jz/shared/api/exam-setting';
import type { SettingFamily, SettingItem } from '@jz/shared/api/exam-setting';

export interface SettingList { examId: number; courseCode: string | null; items: SettingItem[] }

/** 查询考试的全部分析设置（带 courseCode 为该科目的设置） */
export const querySettings = (examId: number, courseCode?: string) => http.get<SettingList>('/systemConfig/query', { examId, courseCode });
/** 保存一类分析设置 */
export const updateSetting = (body: { examId: number; courseCode?: string; family: SettingFamily; value: unknown }) => http.post<SettingList>('/systemConfig/update', body);
/** 恢复一类设置的默认值 */
export const rollBackDefault = (body: { examId: number; courseCode?: string; family: SettingFamily }) => http.post<SettingList>('/systemConfig/rollBackDefault', body);

export type { SchoolSettingItem, SchoolSettingList } from '@jz/shared/api/exam-setting';
import type { SchoolSettingList } from '@jz/shared/api/exam-setting';

/** 查询学校分析默认设置（新建考试采用） */
export const querySchoolSettings = () => http.get<SchoolSettingList>('/systemSettings/query');
/** 保存一类学校默认设置 */
export const updateSchoolSetting = (family: SettingFamily, value: unknown) => http.post<SchoolSettingList>('/systemSettings/update', { family, value });
/** 一类学校默认设置恢复平台默认 */
export const rollBackSchoolSetting = (family: SettingFamily) => http.post<SchoolSettingList>('/systemSettings/rollBackDefault', { family });
/** 全部学校默认设置恢复平台默认 */
export const resetSchoolSettings = () => http.post<SchoolSettingList>('/systemSettings/reset');
