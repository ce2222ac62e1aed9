import { RoleReport } from './RoleReport';

/** teacher: the role report of spec §2. */
export default function Teacher() {
  return <RoleReport page="teacher" />;
}
