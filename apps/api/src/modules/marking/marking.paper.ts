/** How a paper to score is shown to the page (MarkingPaper): its image address and a 选做 paper's chosen question. */
import type { MarkingPaper } from '@jz/shared/marking';

export const taskImageUrl = (taskId: number) => `marking/image?taskId=${taskId}`;
export const paperImageUrl = (paperId: number) => `marking/image?paperId=${paperId}`;

/** A 选做 paper's chosen question, as the panel shows it (本卷选做第22题). */
export const chosenOf = (questionId: number | null | undefined, no: string | null | undefined): Pick<MarkingPaper, 'chosen'> =>
  (questionId != null && no != null ? { chosen: { questionId, number: no, text: `本卷选做第${no}题` } } : {});
