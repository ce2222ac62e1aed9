import { z } from 'zod';
import { PLATFORM_PERMISSION_CODES } from '../roles.js';

/** OpenAPI tags of the platform administrator API (/adminApi/v1). */
export const ADMIN_TAGS = {
  school: '平台管理-学校',
  dict: '平台管理-年级学科字典',
  sys: '平台管理-系统用户与角色',
} as const;

/** Names of the platform permission codes, for the sys role form. */
export const PLATFORM_PERMISSION_NAMES: Record<string, string> = {
  'admin:school:view': '查看学校',
  'admin:school:edit': '管理学校（新建、编辑、开关、重置管理员密码、年级）',
  'admin:dict:edit': '管理年级学科字典',
  'admin:sys:edit': '管理系统用户与角色',
};

export const SCHOOL_STATUS_NAMES: Record<number, string> = { 1: '开启', 0: '关闭' };

import { idOf, nameOf, trimmed } from './common.js';
const text = nameOf;
const optionalText = (label: string, max: number) => trimmed().max(max, `${label}不能超过${max}个字符`).optional();
const optionalFilter = trimmed().max(100).optional();
export const loginIdSchema = trimmed({ error: '请输入登录账号' })
  .regex(/^[A-Za-z0-9_.@-]{3,32}$/, '登录账号为3到32位字母、数字或 _ . @ -');
const phoneSchema = trimmed().regex(/^(|[0-9+\-() ]{5,20})$/, '联系电话格式不正确').optional();
const emailSchema = z.union([z.literal(''), trimmed().email('邮箱格式不正确').max(100)]).optional();

export const idParams = z.object({ id: idOf('编号') });
export const userIdParams = z.object({ userId: idOf('用户编号') });
export const schoolTenantParams = z.object({ schoolTenantId: idOf('学校编号') });
/** DELETE bodies: an array of ids. */
export const idsBody = z.array(idOf('编号'), { error: '请选择要删除的数据' }).min(1, '请选择要删除的数据').max(1000);

const pageOf = <T extends z.ZodType>(row: T) => z.object({ records: z.array(row), total: z.number(), current: z.number(), size: z.number() });

// ---------- schools ----------

export const schoolCountsSchema = z.object({
  schoolTotal: z.number().describe('学校总数'),
  openSchoolTotal: z.number().describe('开启的学校数'),
  closedSchoolTotal: z.number().describe('关闭的学校数'),
  studentTotal: z.number().describe('学生总数'),
  teacherTotal: z.number().describe('教师总数'),
});

export const areaListQuery = z.object({ province: text('省份', 50) });

export const schoolListFilter = z.object({
  name: optionalFilter.describe('学校名称或编码（模糊）'),
  province: optionalFilter,
  area: optionalFilter,
  status: z.coerce.number().int().min(0).max(1).optional().describe('1 开启，0 关闭'),
});

export const schoolRowSchema = z.object({
  id: z.number().describe('学校编号（schoolTenantId）'),
  name: z.string(),
  code: z.string(),
  province: z.string(),
  area: z.string(),
  address: z.string(),
  logo: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  status: z.number(),
  statusName: z.string(),
  kind: z.enum(['school', 'bureau']).describe('school 学校；bureau 教育局/教研室（联考组织方）'),
  createdAt: z.string(),
  gradeCount: z.number(),
  classCount: z.number(),
  studentCount: z.number(),
  teacherCount: z.number(),
  adminUserId: z.number().nullable(),
  adminLoginId: z.string().nullable(),
  adminUserName: z.string().nullable(),
});
export const schoolPageSchema = pageOf(schoolRowSchema);

export const schoolSaveBody = z.object({
  name: text('学校名称', 50),
  code: trimmed({ error: '请输入学校编码' }).regex(/^[A-Za-z0-9_-]{2,32}$/, '学校编码为2到32位字母、数字、_ 或 -').transform((s) => s.toUpperCase()),
  province: text('省份', 50),
  area: text('地区', 50),
  address: optionalText('地址', 200),
  contactName: optionalText('联系人', 50),
  contactPhone: phoneSchema,
  logo: trimmed().max(500_000).nullable().optional(),
});
export const schoolCreateBody = schoolSaveBody.extend({
  adminLoginId: loginIdSchema.optional().describe('学校管理员登录账号；不填为 学校编码小写_admin'),
  adminUserName: optionalText('管理员姓名', 50).describe('不填为 学校名称 + 管理员'),
  kind: z.enum(['school', 'bureau'], { error: '机构类型只能是学校或教育局' }).optional().describe('school 学校（默认）；bureau 教育局/教研室：组织联考，没有班级和学生'),
});
export const schoolCreatedSchema = z.object({
  id: z.number(),
  adminUserId: z.number(),
  adminLoginId: z.string(),
  initialPassword: z.string(),
});

export const schoolIdBody = z.object({ id: idOf('学校编号') });
export const adminUserIdBody = z.object({ userId: idOf('用户编号') });

export const schoolAdminAccountSchema = z.object({
  userId: z.number(),
  loginId: z.string(),
  userName: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  status: z.number(),
  passwordRetrievable: z.boolean().describe('恒为 false：密码只存哈希，无法查看'),
  passwordHint: z.string(),
});
export const passwordResetSchema = z.object({ userId: z.number(), loginId: z.string(), password: z.string() });

export const schoolGradeSchema = z.object({
  id: z.number(),
  gradeDictId: z.number().nullable(),
  name: z.string(),
  sort: z.number(),
  classCount: z.number(),
  courses: z.array(z.object({ courseCode: z.string(), courseName: z.string() })),
});
export const addGradesBody = z.object({
  gradeIds: z.array(idOf('年级编号'), { error: '请选择年级' }).min(1, '请选择年级').max(100),
});
export const addGradesResultSchema = z.object({
  added: z.array(z.string()).describe('新增的年级'),
  skipped: z.array(z.string()).describe('学校已有、未重复添加的年级'),
});

// ---------- dictionaries ----------

export const gradeDictSchema = z.object({ id: z.number(), name: z.string(), stage: z.string(), sort: z.number() });
export const courseDictSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), sort: z.number() });
export const courseSaveBody = z.object({
  id: idOf('学科编号').optional().describe('有则修改，无则新增'),
  code: trimmed({ error: '请输入学科编码' }).regex(/^[A-Za-z0-9_]{1,20}$/, '学科编码为1到20位字母、数字或 _').transform((s) => s.toUpperCase()),
  name: text('学科名称', 20),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
});

// ---------- sys users and roles ----------

export const sysUserFilter = z.object({
  keyword: optionalFilter.describe('登录账号或姓名（模糊）'),
  roleId: idOf('角色编号').optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export const sysUserRowSchema = z.object({
  id: z.number(),
  loginId: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.number(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  createdAt: z.string(),
});
export const sysUserPageSchema = pageOf(sysUserRowSchema);
const sysUserFields = {
  loginId: loginIdSchema,
  userName: text('姓名', 50),
  roleId: idOf('角色'),
  email: emailSchema,
  phone: phoneSchema,
  status: z.coerce.number().int().min(0).max(1).optional().describe('1 启用，0 禁用'),
};
export const sysUserCreateBody = z.object({
  ...sysUserFields,
  password: z.string().min(1).max(2000).optional().describe('RSA 加密的密码（同登录）；不填为初始密码'),
});
export const sysUserUpdateBody = z.object(sysUserFields);
export const passwordBody = z.object({ password: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(2000).describe('RSA 加密的新密码') });

export const sysRoleFilter = z.object({ keyword: optionalFilter.describe('角色编码或名称（模糊）') });
export const sysRoleRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  remark: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number(),
  createdAt: z.string(),
});
export const sysRolePageSchema = pageOf(sysRoleRowSchema);
export const sysRoleSaveBody = z.object({
  code: trimmed({ error: '请输入角色编码' }).regex(/^[A-Za-z][A-Za-z0-9_-]{1,31}$/, '角色编码为2到32位字母开头的字母、数字、_ 或 -'),
  name: text('角色名称', 30),
  remark: optionalText('备注', 200),
  permissions: z.array(z.string().refine((c) => PLATFORM_PERMISSION_CODES.includes(c), '权限编码不存在')).max(50).default([]),
});
export const permissionDefSchema = z.object({ code: z.string(), name: z.string() });

export type SchoolRow = z.infer<typeof schoolRowSchema>;
export type SchoolCounts = z.infer<typeof schoolCountsSchema>;
export type SchoolSaveBody = z.infer<typeof schoolSaveBody>;
export type SchoolCreateBody = z.infer<typeof schoolCreateBody>;
export type SchoolGrade = z.infer<typeof schoolGradeSchema>;
export type GradeDict = z.infer<typeof gradeDictSchema>;
export type CourseDict = z.infer<typeof courseDictSchema>;
export type CourseSaveBody = z.infer<typeof courseSaveBody>;
export type SysUserRow = z.infer<typeof sysUserRowSchema>;
export type SysUserCreateBody = z.infer<typeof sysUserCreateBody>;
export type SysUserUpdateBody = z.infer<typeof sysUserUpdateBody>;
export type SysRoleRow = z.infer<typeof sysRoleRowSchema>;
export type SysRoleSaveBody = z.infer<typeof sysRoleSaveBody>;

// ---- the school's scan disk budget (school.scan_disk_quota)
const GB = 1024 ** 3;
export const SCAN_DISK_MAX_GB = 10_240;
/** The school's stored scan uploads against its budget; `custom` false = the platform's default applies. */
export const scanDiskSchema = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  usedBytes: z.number(),
  quotaBytes: z.number(),
  defaultBytes: z.number(),
  custom: z.boolean(),
});
export type ScanDisk = z.infer<typeof scanDiskSchema>;
/** Whole gigabytes (1 GB = 1024³ bytes); null = back to the platform's default. */
export const scanDiskBody = z.object({
  quotaGb: z.number({ error: '请输入空间大小（GB）' }).int('空间大小须为整数 GB').min(1, '空间大小至少 1 GB').max(SCAN_DISK_MAX_GB, `空间大小不能超过 ${SCAN_DISK_MAX_GB} GB`).nullable(),
});
export const gbToBytes = (gb: number) => gb * GB;
