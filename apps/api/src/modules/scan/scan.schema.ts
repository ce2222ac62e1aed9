/** Request schemas of the scan routes: the upload's query strings are part of the shared contract. */
export { scanRescanQuery as rescanQuery, scanUploadQuery as uploadQuery } from '@jz/shared/api/scan';
