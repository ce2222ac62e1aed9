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
