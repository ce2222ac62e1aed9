/** 错题本 printed for one class: the class version (questions), or one section per student (学生版). */
export interface WrongBookPrintQuestion {
  no: string;
  /** 单选题, 解答题 … */
  typeName: string;
  fullScore: number;
  answer: string | null;
  knowledgePoints: string[];
  classRate: number | null;
  gradeRate: number | null;
  wrongCount: number;
  /** The bank's HTML (formulas as $…$ LaTeX, pictures as data: URLs); null when the question is not in the bank. */
  stem: string | null;
  analysis: string | null;
}

export interface WrongBookPrintData {
  schoolName: string;
  examName: string;
  courseName: string;
  className: string;
  threshold: number;
  version: 'class' | 'students';
  questions: WrongBookPrintQuestion[];
  students: { examNo: string; name: string; items: { no: string; score: number; fullScore: number }[] }[];
}
