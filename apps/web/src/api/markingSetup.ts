import { http } from '@/utils/request';
import type { BlockQuestion, RatingMode } from '@jz/shared/marking';
import type { BlockRegion, NRect, PixelMap } from '@jz/shared/block-region';

// Setting up online marking (spec §7 task_allocation/*, answer/*, sampling/*); shapes in docs/DOMAIN-RULES.md §4.1.

export type Allocation = 'average' | 'free' | 'class';
/** 分配方式 */
export const ALLOCATION_NAMES: Record<Allocation, string> = { average: '平均分配', free: '自由领取', class: '按班级' };

export interface BlockMarker { userId: number; userName: string; loginId: string; quota: number | null; classIds: number[] }
export interface MarkingGroup {
  blockId: number; name: string; sort: number; ratingMode: RatingMode; tolerance: number; allocation: Allocation; leaseSeconds: number;
  leaderUserId: number | null; leaderName: string | null; answerText: string; canMark: boolean; started: boolean;
  fullScore: number; questions: BlockQuestion[]; markers: BlockMarker[]; papers: number; finalPapers: number;
  /** 个人一致性: a blind re-check every N submitted papers (0 = off); 试评: trial papers first (0 = off) */
  recheckInterval: number; trialCount: number;
  /** 各校阅卷 (a joint exam's subject each school marks): no 试评 */
  schoolMarked?: boolean;
}
/** A teacher who may mark; for a joint exam (混合阅卷) also his school. */
export interface SchoolUserRow { userId: number; userName: string; loginId: string; schoolId?: number; schoolName?: string }
export interface SaveBlock {
  blockId?: number; name: string; questionIds: number[]; ratingMode: RatingMode; tolerance?: number; allocation?: Allocation;
  leaseSeconds?: number; leaderUserId?: number | null; answerText?: string; recheckInterval?: number; trialCount?: number;
  markers?: { userId: number; quota?: number | null; classIds?: number[] }[];
}
export interface SamplingRow { questionId: number; number: string; blockId: number; fullScore: number; step: number; points: { id: string; name: string; fullScore: number; step: number }[] }
export interface PointInput { examSubjectId: number; questionId: number; name: string; fullScore: number; step: number }

/** 题块与阅卷分配（科目没有题块时按主观题各建一个） */
export const findGroupList = (examSubjectId: number) => http.get<MarkingGroup[]>('/task_allocation/find_group_list', { examSubjectId });
/** 保存科目的全部题块（未列出的题块删除；给出的阅卷老师替换原有的） */
export const saveTaskAllocation = (examSubjectId: number, blocks: SaveBlock[]) =>
  http.post<null>('/task_allocation/save_task_allocation', { examSubjectId, blocks });
/** 清空阅卷老师分配 */
export const cleanTaskAllocation = (examSubjectId: number) => http.get<{ count: number }>('/task_allocation/clean_task_allocation', { examSubjectId });
/** 可选的阅卷老师（本校教师） */
export const findUserList = (examSubjectId: number) => http.get<SchoolUserRow[]>('/answer/userList', { examSubjectId });

/** 各题目的给分点 */
export const findSampling = (examSubjectId: number) => http.get<SamplingRow[]>('/sampling/find_all', { examSubjectId });
export const addPoint = (b: PointInput) => http.post<null>('/sampling/add', b);
export const updatePoint = (b: PointInput & { id: string }) => http.post<null>('/sampling/update', b);
export const deletePoint = (examSubjectId: number, questionId: number, id: string) =>
  http.post<null>('/sampling/delete_single', { examSubjectId, questionId, id });
export const deleteAllPoints = (examSubjectId: number) => http.post<null>('/sampling/delete_all', { examSubjectId });

/** Figures of a marker's row and of the block's row (monitor/qualityList); percents 0–100, null when nothing to count. */
export interface QualityFigures {
  marks: number; paired: number; within: number; third: number; withinPercent: number | null; thirdPercent: number | null;
  arbitrations: number; safe: number; safePercent: number | null;
}
export interface MarkerQualityRow extends QualityFigures {
  userId: number; userName: string; mean: number; diff: number; sd: number;
  /** 个人一致性: answered blind re-checks and the share within tolerance of the original mark */
  recheckCount: number; consistencyPercent: number | null;
}
export interface QualityList {
  tolerance: number; fullScore: number; step: number; safeScore: number;
  block: QualityFigures & { mean: number | null; sd: number | null }; rows: MarkerQualityRow[];
}
/** 阅卷质量：题块内每位老师及题块整体的平均分、与题块平均分之差、标准差、误差内比例、三评率、仲裁数、保险分系数（服务端计算） */
export const findQualityList = (blockId: number) => http.get<QualityList>('/monitor/qualityList', { blockId });

export interface RegionPage { page: number; width: number; height: number; unit: string; areas: (NRect & { id: string })[]; scan: { imageUrl: string; map: PixelMap } | null }
export interface RegionBlock { blockId: number; name: string; started: boolean; custom: boolean; region: BlockRegion | null }
/** 题块在答题卡上的区域（归一化页面坐标）与各页底图（最新扫描的答题卡或空白卡的作答区域） */
export const findBlockRegions = (examSubjectId: number) => http.get<{ pages: RegionPage[]; blocks: RegionBlock[] }>('/task_allocation/block_regions', { examSubjectId });
/** 保存题块区域（null 恢复答题卡的作答区域；已开始阅卷的题块不能修改） */
export const saveBlockRegion = (blockId: number, region: BlockRegion | null) => http.post<null>('/task_allocation/save_block_region', { blockId, region });

/** 混合阅卷: a school's share of a block's marks, in whole percent. */
export interface SchoolShare { schoolId: number; percent: number }
/** 各题块按学校分配的阅卷比例（空为自由领取） */
export const findJointShares = (examSubjectId: number) =>
  http.get<{ blockId: number; blockName: string; shares: SchoolShare[] }[]>('/joint_marking/shares', { examSubjectId });
/** 设置题块各校的阅卷比例（合计 100%；空列表为自由领取） */
export const saveJointShares = (blockId: number, shares: SchoolShare[]) => http.post<null>('/joint_marking/save_shares', { blockId, shares });
