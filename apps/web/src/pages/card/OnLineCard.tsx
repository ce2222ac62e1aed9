import { CardMakerPage } from './MakeSheetCard';

/** /onLineCard: online card making — choose one of the caller's exams and a subject, then the answer-sheet maker. */
export default function OnLineCard() {
  return <CardMakerPage chooseExam />;
}
