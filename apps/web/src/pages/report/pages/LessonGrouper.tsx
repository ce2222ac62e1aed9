import { RoleReport } from './RoleReport';

/** lessonGrouper: the role report of docs/PRODUCT.md §2. */
export default function LessonGrouper() {
  return <RoleReport page="lessonGrouper" />;
}
