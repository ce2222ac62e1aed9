import { ExamList } from './ExamList';

/** /examMarking/myExamList: the exams the user may see, as cards. */
export default function MyExamList() {
  return <ExamList title="我的考试" />;
}
