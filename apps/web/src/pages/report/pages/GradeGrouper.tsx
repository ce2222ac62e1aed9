import { RoleReport } from './RoleReport';

/** gradeGrouper: the role report of spec §2. */
export default function GradeGrouper() {
  return <RoleReport page="gradeGrouper" />;
}
