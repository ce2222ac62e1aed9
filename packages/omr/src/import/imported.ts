// What a converter from another OMR tool's template returns: our SheetTemplate, plus how the source tool
// assembled its output columns, so results can be shown (and compared) the way the school knew them.
import type { GroupReading, SheetTemplate } from '../types.js';

export interface ImportedTemplate {
  template: SheetTemplate;
  /** Output column → the groups (template order) whose marked values, concatenated, make that column. */
  columns: Record<string, string[]>;
  /** Group id → the text the source tool writes for a group with no mark. */
  emptyValue: Record<string, string>;
  /** The column that became the 考号 (admission.digits), if any. */
  admissionColumn?: string;
  /** Source features the product does not reproduce, in Chinese, for the person importing. */
  warnings: string[];
}

/** A template file that cannot be converted; the message is shown to the user. */
export class ImportError extends Error {}

/** Column values the way the source tool writes them, from the engine's group readings. */
export function columnValues(imp: ImportedTemplate, readings: GroupReading[]): Record<string, { value: string; doubt: boolean }> {
  const byId = new Map(readings.map((r) => [r.id, r]));
  const out: Record<string, { value: string; doubt: boolean }> = {};
  for (const [col, ids] of Object.entries(imp.columns)) {
    let value = '';
    let doubt = false;
    for (const id of ids) {
      const r = byId.get(id);
      if (!r) throw new Error(`no reading for group ${id}`);
      value += r.marked.length ? r.marked.join('') : imp.emptyValue[id] ?? '';
      if (r.doubt) doubt = true;
    }
    out[col] = { value, doubt };
  }
  return out;
}
