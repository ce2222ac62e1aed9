import { asHtml, http, type HtmlResult as Html } from '@/utils/request';
import type { AnswerCard, CardLayoutCheck, CardSettings } from '@jz/shared/api/card';

// Types mirror packages/shared/src/api/card.ts.
export type { AnswerCard, CardAreaOverride, CardIssue, CardLayoutCheck, CardSettings } from '@jz/shared/api/card';


/** 查询考试科目的答题卡（已保存的设置与版式，或默认） */
export const findCard = (examSubjectId: number) => http.get<AnswerCard>('/card/find', { examSubjectId });
/** 已保存（或默认）答题卡的打印版 HTML（拒绝时为 JSON） */
export const previewSavedCard = async (examSubjectId: number): Promise<Html> => asHtml(await http.download('/card/preview', { examSubjectId }));
/** 按设置预览答题卡（HTML，不保存；设置不正确时为 JSON） */
export const previewCardSettings = async (examSubjectId: number, settings: CardSettings): Promise<Html> =>
  asHtml(await http.download('/card/preview', { examSubjectId, settings }, 'POST'));
/** 保存答题卡（校验设置、生成版式并保存） */
export const saveCard = (examSubjectId: number, settings: CardSettings) => http.post<AnswerCard>('/card/save', { examSubjectId, settings });
/** 恢复默认答题卡（删除已保存的答题卡） */
export const resetCard = (examSubjectId: number) => http.post<AnswerCard>('/card/reset', { examSubjectId });
/** 按设置生成版式并检查（区域重叠、超出可打印区域或栏、太小），不保存：制卡页拖动区域后的实时校验 */
export const checkCardLayout = (examSubjectId: number, settings: CardSettings) => http.post<CardLayoutCheck>('/card/layout', { examSubjectId, settings });
