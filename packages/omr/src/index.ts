// @jz/omr: the recognition engine. Pure functions from pixels and a sheet template to readings (recognize.ts);
// decoding files to pixels (decode.ts, decode-pdf.ts) and the barcode (barcode.ts) are the only async parts.
export * from './types.js';
export { batchThreshold, recognizeSheet, REJECT, type RecognizeOptions } from './recognize.js';
export { decodeImage, type DecodeOptions } from './decode.js';
export { decodePdf } from './decode-pdf.js';
export { OmrInputError } from './errors.js';
export { choiceQuestionId, chosenQuestion, templateFromCard } from './card-template.js';
export { blocksInFilePixels } from './blocks.js';
export { readPageCode } from './pagecode.js';
export { applyBarcode } from './admission.js';
export { readAdmissionBarcode, recognizeSheetWithBarcode } from './barcode.js';
export { learnThreshold, judge, THRESHOLD_BOUNDS, type Threshold } from './threshold.js';
export { applyAffine } from './transform.js';
export * from './import/index.js';
export { fitToBlank, snapShape, SnapError, type BlankFit } from './blank-fit.js';
