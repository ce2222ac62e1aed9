import { demoReport, paginateReport } from '@jz/report-templates';
for (const [m, r] of [[12, 90], [14, 60], [13, 65], [11, 95], [14, 40], [19, 40], [18,40], [13,68]]) console.log(m, r, paginateReport(demoReport(m, r)).length);
