import { RoleReport } from './RoleReport';

/** lessonGrouper: the role report of spec §2. */
export default function LessonGrouper() {
  return <RoleReport page="lessonGrouper" />;
}
