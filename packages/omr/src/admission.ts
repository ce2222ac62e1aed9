// 考号: one bubble column per digit (exactly one mark each) and/or a barcode label. The bubbles give a value
// only when every column has one clear mark; a barcode that reads wins as the source, and when both read
// and disagree the sheet is doubtful ('barcode-mismatch') — a person decides, never the engine.
import { readGroup, type Threshold } from './threshold.js';
import type { BubbleGroup, SheetResult } from './types.js';

export type AdmissionReading = NonNullable<SheetResult['admission']>;

export function readAdmissionBubbles(digits: BubbleGroup[], dark: number[][], th: Threshold): AdmissionReading {
  const columns = digits.map((g, i) => readGroup({ ...g, kind: 'single' }, dark[i], th, true));
  const complete = columns.every((c) => c.marked.length === 1);
  const value = complete ? columns.map((c) => c.marked[0]).join('') : null;
  const out: AdmissionReading = { value, source: 'bubbles', digits: columns, bubbles: value };
  const doubt = columns.find((c) => c.doubt)?.doubt;
  if (doubt) out.doubt = doubt;
  return out;
}

/**
 * Merges a barcode reading (null: none found) into the result's admission. Pure; the barcode itself is read
 * by readAdmissionBarcode (barcode.ts, asynchronous because zxing-wasm is).
 */
export function applyBarcode(result: SheetResult, barcode: string | null): SheetResult {
  const prev = result.admission;
  if (barcode === null) {
    if (prev) return { ...result, admission: { ...prev, barcode: null } };
    return { ...result, admission: { value: null, source: 'barcode', barcode: null } };
  }
  const bubbles = prev?.bubbles ?? null;
  const admission: AdmissionReading = { ...prev, value: barcode, source: 'barcode', barcode, bubbles };
  // A card with both: bubbles filled and different from the label → a person decides.
  if (bubbles !== null && bubbles !== barcode) {
    admission.value = null;
    admission.doubt = 'barcode-mismatch';
  } else if (bubbles === barcode) {
    delete admission.doubt;
  } else if (prev?.digits?.some((d) => d.marked.length > 0)) {
    // Some bubbles filled but not a complete number, and a label that reads: keep the label, show the doubt.
    admission.doubt = 'barcode-mismatch';
  } else {
    delete admission.doubt; // bubbles left empty on a labelled card: the label is the number
  }
  return { ...result, admission };
}
