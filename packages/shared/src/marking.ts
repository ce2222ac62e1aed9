export type RatingMode = 1 | 2 | 3 | 4 | 5; // spec §3: 1 single; 2 double; 3 double+third; 4 double+arbitration(review); 5 double+third+arbitration
export type MarkingRole = 'marker' | 'leader';           // leader = 题组长 of the block, or the subject leader
export type ProblemKind = 'blank' | 'unclear' | 'wrongBlock' | 'copying' | 'other'; // 空白卷 图像不清 切割错误 疑似雷同 其他
export interface ScoringPoint { id: string; name: string; fullScore: number; step: number }
export interface BlockQuestion { questionId: number; number: string; fullScore: number; step: number; points: ScoringPoint[] }
export interface MarkingTaskRow { examId: number; examName: string; examSubjectId: number; subjectName: string;
  blockId: number; blockName: string; role: MarkingRole; assigned: number; done: number; remaining: number;
  ratingMode: RatingMode; canMark: boolean }
export interface MarkingBlockInfo { blockId: number; blockName: string; examName: string; subjectName: string;
  questions: BlockQuestion[]; fullScore: number; ratingMode: RatingMode; leaseSeconds: number;
  standardAnswer: { text: string; images: string[] } ; done: number; assigned: number; role: MarkingRole;
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
