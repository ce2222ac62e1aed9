import { sql, type Kysely } from 'kysely';

/**
 * A 题块's own region on the answer card (docs/DOMAIN-RULES.md §4.1 "Block regions"):
 * {page, x, y, w, h} in normalised page coordinates (0–1 of the page's width and height). Null = the card's cut
 * areas of the block's questions, as recognition crops them. Papers of a block with a region are cut from the
 * stored page image along it (marking.image.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table marking_block add column region jsonb`.execute(db);
}
