// Templates of other OMR tools → SheetTemplate: a school that used them brings its template.
export { fromOmrChecker, expandLabels, type OmrCheckerOptions } from './omrchecker.js';
export { fromFormScanner, type FormScannerOptions } from './formscanner.js';
export { placeOnScan } from './place.js';
export { columnValues, ImportError, type ImportedTemplate } from './imported.js';
export { importTemplateFile, type PlacedImport, type TemplateSource } from './from-file.js';
