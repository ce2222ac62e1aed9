/**
 * Column definitions of every import/export workbook, shared by the api (reading and writing) and the web
 * (help texts). The header row is row 1; data start at row 2. Exports use the same columns, so an exported
 * file can be edited and imported again.
 */
import { GENDERS, REGISTRATION_TYPES } from './school.js';

export interface ExcelColumn {
  /** Header text in row 1 (what the user sees and what the import matches, trimmed). */
  header: string;
  /** Field key used in code. */
  key: string;
  required: boolean;
  /** Column width in characters. */
  width: number;
  /** One-line Chinese help shown on the template's 填写说明 sheet. */
  note: string;
  /** Allowed values, when the column is a choice. */
  options?: readonly string[];
  /** Stored as text (numFmt '@'), so numbers such as 学号 keep their leading zeros. */
  text?: boolean;
}

export interface ExcelTemplate {
  /** Name of the data sheet (the first sheet). */
  sheetName: string;
  /** Download name of the empty template. */
  templateFileName: string;
  columns: readonly ExcelColumn[];
}

export const TCH_COURSE_ROLE_NAMES = ['班主任', '任课老师'] as const;
/** 角色 column value → role code of the user_role row. */
export const TCH_COURSE_ROLE_BY_NAME: Record<(typeof TCH_COURSE_ROLE_NAMES)[number], 'head_teacher' | 'subject_teacher'> = {
  班主任: 'head_teacher',
  任课老师: 'subject_teacher',
};

/** pc_excel/import_class_student, export_class_stu1, down_class_stu_template. */
export const STUDENT_TEMPLATE: ExcelTemplate = {
  sheetName: '学生名单',
  templateFileName: '学生导入模板.xlsx',
  columns: [
    { header: '姓名', key: 'name', required: true, width: 14, note: '必填，最多 30 个字' },
    { header: '学号', key: 'admissionNo', required: true, text: true, width: 18, note: '必填，字母或数字，最多 32 位，本校唯一；已存在的学号将更新该学生' },
    { header: '性别', key: 'gender', required: true, width: 8, note: `必填，${GENDERS.join(' 或 ')}`, options: GENDERS },
    { header: '学籍类型', key: 'registrationType', required: false, width: 12, note: `可不填（默认 应届），可选：${REGISTRATION_TYPES.join('、')}`, options: REGISTRATION_TYPES },
    { header: '年级', key: 'gradeName', required: true, width: 10, note: '必填，本校已有的年级名称，如 高一' },
    { header: '班级', key: 'className', required: true, width: 10, note: '必填，该年级已有的班级名称，如 1班' },
  ],
};

/** pc_excel/import_teacher, export_user_teacher, down_teacher_template. */
export const TEACHER_TEMPLATE: ExcelTemplate = {
  sheetName: '教师名单',
  templateFileName: '教师导入模板.xlsx',
  columns: [
    { header: '姓名', key: 'name', required: true, width: 14, note: '必填，最多 30 个字' },
    { header: '账号', key: 'loginId', required: true, text: true, width: 18, note: '必填，4–32 位字母、数字或 _ . - @，全平台唯一；本校已有教师的账号将更新该教师' },
    { header: '手机号', key: 'phone', required: false, text: true, width: 16, note: '可不填，11 位手机号' },
    { header: '性别', key: 'gender', required: false, width: 8, note: `可不填，${GENDERS.join(' 或 ')}`, options: GENDERS },
  ],
};

/** pc_tch_course_excel/import_tch_course and export_tch_course. */
export const TCH_COURSE_TEMPLATE: ExcelTemplate = {
  sheetName: '任课关系',
  templateFileName: '任课关系导入模板.xlsx',
  columns: [
    { header: '年级', key: 'gradeName', required: true, width: 10, note: '必填，本校已有的年级名称，如 高一' },
    { header: '班级', key: 'className', required: true, width: 10, note: '必填，该年级已有的班级名称，如 1班' },
    { header: '学科', key: 'course', required: false, width: 10, note: '任课老师必填（学科名称或代码，如 数学 或 SX，须为该年级开设的学科）；班主任不填' },
    { header: '教师账号', key: 'loginId', required: true, text: true, width: 18, note: '必填，本校已有教师的账号' },
    { header: '角色', key: 'roleName', required: true, width: 12, note: `必填，${TCH_COURSE_ROLE_NAMES.join(' 或 ')}`, options: TCH_COURSE_ROLE_NAMES },
  ],
};

/** standardAnswerExport / standardAnswerImport: one row per question of a subject (题型 and 满分 are shown, not read). */
export const STANDARD_ANSWER_TEMPLATE: ExcelTemplate = {
  sheetName: '标准答案',
  templateFileName: '标准答案.xlsx',
  columns: [
    { header: '题号', key: 'no', required: true, text: true, width: 10, note: '必填，本科目已设置的题号，如 1、13(1)' },
    { header: '题型', key: 'type', required: false, width: 10, note: '仅供参考，导入时不读取（题型在小题编辑中设置）' },
    { header: '满分', key: 'fullScore', required: false, width: 8, note: '仅供参考，导入时不读取' },
    { header: '答案', key: 'answer', required: false, text: true, width: 16, note: '单选题一个字母（如 B）；多选题多个字母（如 ACD）；判断题 T 或 F（对/错）；填空题、解答题可填参考答案；留空为不设答案' },
    { header: '部分得分', key: 'partialScore', required: false, width: 10, note: '仅多选题：少选（所选都对但不全）得分，留空为满分的一半' },
    { header: '选对一项得分', key: 'optionScore', required: false, width: 12, note: '仅多选题：少选时每选对一项得分（如新高考 6 分题，两个答案各 3 分、三个答案各 2 分）；与部分得分只填一个' },
  ],
};

/** knowledgePointssExport / knowledgePointssImport: one row per question, its knowledge points in one cell. */
export const KNOWLEDGE_TEMPLATE: ExcelTemplate = {
  sheetName: '知识点',
  templateFileName: '知识点.xlsx',
  columns: [
    { header: '题号', key: 'no', required: true, text: true, width: 10, note: '必填，本科目已设置的题号' },
    { header: '题型', key: 'type', required: false, width: 10, note: '仅供参考，导入时不读取' },
    { header: '满分', key: 'fullScore', required: false, width: 8, note: '仅供参考，导入时不读取' },
    { header: '知识点', key: 'points', required: false, width: 48, note: '多个知识点用顿号、逗号或分号隔开，每个不超过 100 字、每题不超过 50 个；留空为清除该题的知识点' },
  ],
};

/** 校本题库 knowledge-point tree of one course: one row per leaf, its path from the first level down. */
export const BANK_KNOWLEDGE_TREE_TEMPLATE: ExcelTemplate = {
  sheetName: '知识点树',
  templateFileName: '知识点树.xlsx',
  columns: ['一级', '二级', '三级', '四级'].map((level, i) => ({
    header: `${level}知识点`, key: `level${i + 1}`, required: i === 0, text: true, width: 24,
    note: i === 0 ? '必填；每行一条从一级到末级的路径，已有的知识点保留，没有的新建' : `选填，上一级填写后才能填写；不超过 100 字`,
  })),
};

export const EXCEL_TEMPLATES = { student: STUDENT_TEMPLATE, teacher: TEACHER_TEMPLATE, tchCourse: TCH_COURSE_TEMPLATE } as const;

/** Upper bound of data rows in one import file. */
export const IMPORT_MAX_ROWS = 50_000;
