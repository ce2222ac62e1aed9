import { RoleReport } from './RoleReport';

/** classGrouper: the role report of spec §2. */
export default function ClassGrouper() {
  return <RoleReport page="classGrouper" />;
}
