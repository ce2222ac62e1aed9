/** SQL of the standard-answer images: the file names kept in marking_block.answer_images. */
import type { Tx } from '../../db/database.js';

/** The block's image names under its row lock (two uploads at once both land). */
export async function lockAnswerImages(tx: Tx, blockId: number): Promise<string[]> {
  const row = await tx.selectFrom('marking_block').select('answer_images').where('id', '=', blockId).forUpdate().executeTakeFirstOrThrow();
  return (row.answer_images as string[] | null) ?? [];
}

export async function setAnswerImages(tx: Tx, blockId: number, names: string[]): Promise<void> {
  await tx.updateTable('marking_block').set({ answer_images: JSON.stringify(names) }).where('id', '=', blockId).execute();
}

/** The image names of blocks about to be deleted (by id, or every block of an exam), with their school and block. */
export async function answerImagesOf(q: Tx, where: { blockIds: number[] } | { examId: number }): Promise<{ schoolId: number; blockId: number; names: string[] }[]> {
  let sel = q.selectFrom('marking_block').select(['id', 'school_id', 'answer_images']);
  if ('examId' in where) sel = sel.where('exam_id', '=', where.examId);
  else if (where.blockIds.length) sel = sel.where('id', 'in', where.blockIds);
  else return [];
  return (await sel.execute()).map((r) => ({ schoolId: r.school_id, blockId: r.id, names: (r.answer_images as string[] | null) ?? [] }));
}
