/** Score workbook imports as jobs of the job layer (modules/job/upload-job.ts); the services run as they are. */
import { registerUploadKind } from '../job/upload-job.js';
import * as service from './score.service.js';

export const IMPORT_QUESTION = 'import.questionScore';
export const IMPORT_TOTAL = 'import.totalScore';

registerUploadKind(IMPORT_QUESTION, (db, user, source, examId) => service.importQuestionScores(db, user, examId, source), '导入小题成绩失败：服务器内部错误');
registerUploadKind(IMPORT_TOTAL, (db, user, source, examId) => service.importTotalScores(db, user, examId, source), '导入科目总分失败：服务器内部错误');
