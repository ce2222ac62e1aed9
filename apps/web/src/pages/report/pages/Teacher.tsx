import { RoleReport } from './RoleReport';

/** teacher: the role report of docs/PRODUCT.md §2. */
export default function Teacher() {
  return <RoleReport page="teacher" />;
}
