/** Request schemas of the scan routes that are the api's own (the upload's query string); the rest is in @jz/shared/api/scan. */
import { z } from 'zod';
import { id, trimmed } from '@jz/shared/api/common';

const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === '' || v === false || v === undefined ? false : v), z.boolean());

/** POST scanned_batch/upload?examSubjectId&duplex&name (multipart body: the files). */
export const uploadQuery = z.object({
  examSubjectId: id,
  duplex: bool.default(false),
  name: trimmed().max(50, '批次名称不能超过50个字符').optional(),
});

/** POST scanned_student/rescan?examSubjectId&examStudentId&duplex (multipart body: the files of that student's sheet). */
export const rescanQuery = z.object({
  examSubjectId: id,
  examStudentId: id,
  duplex: bool.default(false),
});
