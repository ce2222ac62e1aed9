import { http } from '@/utils/request';
import type { PageResult } from './school';

// Types mirror packages/shared/src/api/joint.ts (imported as types only: the zod schemas stay out of the bundle).
export type { JointExam, JointSchool } from '@jz/shared/api/joint';
import type { JointExam } from '@jz/shared/api/joint';

export interface JointExamInput {
  name: string; examType: number; gradeId: number; startDate: string; endDate: string;
  subjects: { courseCode: string; fullScore: number; scoring?: string }[]; schoolIds: number[]; anonymiseSchools: boolean;
}
export interface CodeLookup { examId: number; name: string; organiserName: string; gradeName: string; subjects: string[]; myStatus: string | null }

/** 本单位组织或参加的联考 */
export const findJointExams = (current: number, size: number) => http.get<PageResult<JointExam>>('/joint_exam/find_page', { current, size });
/** 联考详情与各校进度 */
export const getJointExam = (examId: number) => http.get<JointExam>('/joint_exam/detail', { examId });
/** 新建联考（组织方） */
export const addJointExam = (body: JointExamInput) => http.post<JointExam>('/joint_exam/add', body);
/** 可邀请的学校 */
export const findInvitableSchools = () => http.get<{ id: number; name: string; area: string }[]>('/joint_exam/school_options');
/** 邀请学校参加联考 */
export const inviteSchools = (examId: number, schoolIds: number[]) => http.post<JointExam>('/joint_exam/invite', { examId, schoolIds });
/** 接受联考邀请 */
export const acceptJointExam = (examId: number) => http.post<JointExam>('/joint_exam/accept', { examId });
/** 确认本校参考班级 */
export const confirmJointClasses = (examId: number, classIds: number[]) => http.post<JointExam>('/joint_exam/confirm_classes', { examId, classIds });
/** 退出联考 */
export const withdrawJointExam = (examId: number) => http.post<JointExam>('/joint_exam/withdraw', { examId });
/** 设置其他学校匿名显示 */
export const setJointAnonymous = (examId: number, anonymiseSchools: boolean) => http.post<JointExam>('/joint_exam/set_anonymous', { examId, anonymiseSchools });
/** 按注册码查联考 */
export const findJointByCode = (registrationCode: string) => http.get<CodeLookup>(`/joint_exam/find_by_code/${encodeURIComponent(registrationCode)}`);
/** 凭注册码加入联考 */
export const joinJointExam = (registrationCode: string) => http.post<JointExam>('/teach/user/examAddUser', { registrationCode });
/** 组织方按科目选择评分方式（学校导入 / 各校阅卷 / 混合阅卷） */
export const setJointScoring = (examId: number, courseCode: string, scoring: string) => http.post<JointExam>('/joint_exam/set_scoring', { examId, courseCode, scoring });
