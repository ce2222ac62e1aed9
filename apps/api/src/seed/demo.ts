import type { Db } from '../db/database.js';

/** Seeds the demo schools on the first start of an empty database (filled in by the school-data work). */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('school').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  return true;
}
