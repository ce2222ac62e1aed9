import type { WrongBook } from '@jz/shared/api/question-bank-out';
import { writeWorkbook } from '../excel/excel.workbook.js';

/** Rate cells keep numbers (0–1, 4 decimals), as the report exports do (DOMAIN-RULES §9). */
const rate4 = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);

/** 错题本 as a workbook: the class's weak questions, then one row per student and wrong question. */
export function wrongBookXlsx(book: WrongBook): Promise<Buffer> {
  return writeWorkbook([
    {
      name: '班级错题',
      columns: [
        { header: '题号', key: 'no', width: 8, text: true }, { header: '满分', key: 'full', width: 8 }, { header: '班级得分率', key: 'cr', width: 12 },
        { header: '年级得分率', key: 'gr', width: 12 }, { header: '答错人数', key: 'n', width: 10 }, { header: '知识点', key: 'kp', width: 30 },
        { header: '答案', key: 'a', width: 12 },
      ],
      rows: book.questions.map((q) => [q.no, q.fullScore, rate4(q.classRate), rate4(q.gradeRate), q.wrongCount, q.knowledgePoints.join('、'), q.answer]),
    },
    {
      name: '学生错题',
      columns: [
        { header: '考号', key: 'no', width: 14, text: true }, { header: '姓名', key: 'name', width: 10 }, { header: '题号', key: 'q', width: 8, text: true },
        { header: '得分', key: 's', width: 8 }, { header: '满分', key: 'f', width: 8 },
      ],
      rows: book.students.flatMap((s) => s.items.map((i) => [s.examNo, s.name, i.no, i.score, i.fullScore])),
    },
  ]);
}

