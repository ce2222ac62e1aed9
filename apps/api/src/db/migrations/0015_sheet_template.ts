import { sql, type Kysely } from 'kysely';

/**
 * Cards made elsewhere (templateConfirm): per exam subject one current sheet template drawn over a
 * blank scan of another vendor's card. image_key = the blank page (upright greyscale JPEG in the scan storage);
 * template = SheetTemplate in pixels of that image; drawing = what the drawing tool needs to open it again.
 * When present, the subject's scans are recognised with this template instead of the product's own card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table sheet_template (
  exam_subject_id int primary key references exam_subject(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  image_key text not null,
  width int not null,
  height int not null,
  template jsonb not null,
  drawing jsonb,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now()
);
create index sheet_template_school on sheet_template (school_id);
`.execute(db);
}
