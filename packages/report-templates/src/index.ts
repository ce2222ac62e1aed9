// @jz/report-templates: printed documents as full HTML (React renderToStaticMarkup + inline CSS):
// answer-sheet cards (A4, mm layout), student score slips (595×842 px on A4), analysis report pages (908×1285 px).
export { FONT_FAMILY, escapeHtml, fmt } from './common.js';
export {
  CardLayout, CardElement, CardPage, CardLayoutError, parseCardLayout, encodePageCode, decodePageCode, pageCodeId,
  PAGE_WIDTH_MM, PAGE_HEIGHT_MM,
} from './card/layout.js';
export { buildCardLayout, CARD_GEOMETRY, type BuildCardInput, type CardQuestionInput } from './card/build.js';
export { renderCardHtml } from './card/render.js';
export { validateCardLayout, MIN_AREA, type CardIssue } from './card/validate.js';
export { areaId, areaName, columnsOf, printableArea, FRAME, MOVABLE_KINDS } from './card/geometry.js';
export type { AreaOverride, AdmissionMode } from './card/build.js';
export type { ScoreSlipData, SlipLayout, ScoreSlipOptions, SlipStudent, SlipSubjectScore, SlipQuestionScore } from './slip/types.js';
export { renderSlipsHtml, sortSlipStudents, SLIP_WIDTH_PX, SLIP_HEIGHT_PX } from './slip/render.js';
export { stripPages, STRIPS_PER_PAGE } from './slip/strips.js';
export type { ReportData, ReportModule, ReportTable, ReportChart, ReportColumn } from './report/types.js';
export { renderReportHtml, paginateReport, headerHeight, columnWidths, rowHeight, linesOf, REPORT_PAGE } from './report/render.js';
export { renderChartSvg } from './report/charts.js';
export { demoCardLayout, demoSlipData, demoReport, demoWideReport, DEMO_CARD_INPUT, seededRandom } from './demo.js';
export type { LabelSheetData, LabelGroup, StudentLabel } from './labels/types.js';
export { renderLabelsHtml, labelPages, labelOrigin, barcodeSvg, moduleWidth, LABEL_SHEET, LABELS_PER_SHEET } from './labels/render.js';
export { code128Values, code128Widths, code128Bars, code128Modules, Code128Error } from './labels/code128.js';
export type { WrongBookPrintData, WrongBookPrintQuestion } from './wrongbook/types.js';
export { renderWrongBookHtml } from './wrongbook/render.js';
export { printableRich } from './wrongbook/rich.js';
