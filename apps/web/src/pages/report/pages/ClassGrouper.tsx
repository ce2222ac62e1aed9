import { RoleReport } from './RoleReport';

/** classGrouper: the role report of docs/PRODUCT.md §2. */
export default function ClassGrouper() {
  return <RoleReport page="classGrouper" />;
}
