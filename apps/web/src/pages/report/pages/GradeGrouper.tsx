import { RoleReport } from './RoleReport';

/** gradeGrouper: the role report of docs/PRODUCT.md §2. */
export default function GradeGrouper() {
  return <RoleReport page="gradeGrouper" />;
}
