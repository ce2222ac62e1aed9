/** Schemas of the standard-answer image routes and 我的答题卡. */
import { z } from 'zod';
import { id } from '@jz/shared/api/common';

export const imageQuery = z.object({ blockId: id, name: z.string().max(40) });
export const deleteBody = z.object({ blockId: id, name: z.string().max(40) });
export const imagesSchema = z.object({ images: z.array(z.string()) });
export const myCardSchema = z.object({
  examId: z.number(), examName: z.string(), examSubjectId: z.number(), subjectName: z.string(), role: z.string(), saved: z.boolean(), updatedAt: z.string().nullable(),
});
export const textBody = z.object({ blockId: id, text: z.string().max(20000, '标准答案不能超过 20000 字') });
