/** The student list import as a job of the job layer (modules/job/upload-job.ts); the service runs as it is. */
import { registerUploadKind } from '../job/upload-job.js';
import * as service from './excel.service.js';

export const IMPORT_STUDENTS = 'import.students';

registerUploadKind(IMPORT_STUDENTS, (db, user, source) => service.importStudents(db, user, source), '导入学生失败：服务器内部错误');
