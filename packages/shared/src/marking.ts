export type RatingMode = 1 | 2 | 3 | 4 | 5; // spec §3: 1 single; 2 double; 3 double+third; 4 double+arbitration(review); 5 double+third+arbitration
export type MarkingRole = 'marker' | 'leader';           // leader = 题组长 of the block, or the subject leader
export type ProblemKind = 'blank' | 'unclear' | 'wrongBlock' | 'copying' | 'other'; // 空白卷 图像不清 切割错误 疑似雷同 其他
export interface ScoringPoint { id: string; name: string; fullScore: number; step: number }
export interface BlockQuestion { questionId: number; number: string; fullScore: number; step: number; points: ScoringPoint[] }
/**
 * A user's counts in a block (docs/DOMAIN-RULES.md §4.1, 题块计数): assigned = 任务量 (a fixed share when `fixed`:
 * a quota or 平均分配; under 自由领取 what the marker took, 已阅 + 正在阅), done = 已阅, remaining = 任务量 − 已阅; the
 * block's 评分任务 and 已阅, and 待领取 (marks no share covers). A leader who does not mark gets the block's counts.
 */
export interface MarkingCounts { assigned: number; done: number; remaining: number; fixed: boolean; blockTasks: number; blockDone: number; unclaimed: number }
export interface MarkingTaskRow extends MarkingCounts { examId: number; examName: string; examSubjectId: number; subjectName: string;
  blockId: number; blockName: string; role: MarkingRole;
  ratingMode: RatingMode; canMark: boolean }
export interface MarkingBlockInfo extends MarkingCounts { blockId: number; blockName: string; examName: string; subjectName: string;
  questions: BlockQuestion[]; fullScore: number; ratingMode: RatingMode; leaseSeconds: number;
  standardAnswer: { text: string; images: string[] } ; role: MarkingRole;
  /** The caller is one of the block's markers (a 题组长 who does not mark has only the leader's modes). */ marks: boolean;
  /** 试评: trial papers of the block (0 = no trial); the leader's 试评 mode. */ trialCount?: number }
export interface MarkingPaper { taskId: number; round: number; imageUrl: string; leaseExpiresAt: string;
  /** 回评 / 抽查: the score already given */ given?: { scores: number[]; total: number };
  /** 选做题 block: the question this student chose; the panel asks its score only (text 本卷选做第22题). */
  chosen?: { questionId: number; number: string; text: string };
  /** 试评: a trial paper (the mark never counts; the header shows 试评). */
  trial?: boolean }
export interface SubmitBody { taskId: number; scores: number[] /* one per scoring point, or one per question when a question has no points, block order */; requestId: string }
export interface ReviewRow { taskId: number; total: number; scores: number[]; submittedAt: string; imageUrl: string; chosen?: MarkingPaper['chosen'] }
