/**
 * The streaming xlsx reader of the imports (apps/api/src/modules/excel/xlsx-read.ts) on its own: what Excel and
 * exceljs write reads back as the values a user sees, hand-written XML forms other writers use, and each limit.
 * No database: the api tests of the imports (excel, score, upload-limits) drive it through the routes.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, type ImportLimits } from '../../apps/api/src/modules/excel/import-limits.js';
import { columnLetter, readXlsx, type XlsxRow } from '../../apps/api/src/modules/excel/xlsx-read.js';
import { smallPart, workbookParts, zip } from '../fixtures/xlsx-bomb.js';

async function read(file: Buffer, limits: ImportLimits = IMPORT_LIMITS.questionScore, firstSheetOnly = false) {
  const sheets: { name: string; rows: XlsxRow[] }[] = [];
  await readXlsx(file, limits, { firstSheetOnly, onSheet: (name) => sheets.push({ name, rows: [] }), onRow: (r) => sheets.at(-1)!.rows.push(r) });
  return sheets.map((s) => ({ name: s.name, rows: s.rows.map((r) => ({ rowNo: r.rowNo, values: [...r.values] })) }));
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const handWritten = (sheetXml: string, sharedXml?: string) => zip([
  ...workbookParts('名单'),
  smallPart('xl/worksheets/sheet1.xml', sheetXml),
  ...(sharedXml ? [smallPart('xl/sharedStrings.xml', sharedXml)] : []),
]);

describe('streaming xlsx reader', () => {
  it('gives column letters as Excel does', () => {
    expect([0, 1, 15, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'P', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('reads what exceljs writes: shared strings, numbers, rich text, formulas, booleans, sparse columns, sheet order', async () => {
    const wb = new ExcelJS.Workbook();
    const a = wb.addWorksheet('第一');
    a.addRow(['姓名', '分数', '备注']);
    a.addRow(['张三 ', 12.5, { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] }]);
    a.getCell('AB3').value = '<&>"\'';
    a.getCell('A3').value = { formula: '1+1', result: 2 };
    a.getCell('B3').value = true;
    a.getCell('C4').value = '   '; // blank text: an empty cell, the row is empty
    wb.addWorksheet('第二').addRow([null, 'x']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const sheets = await read(file);
    expect(sheets.map((s) => s.name)).toEqual(['第一', '第二']);
    const values = sheets[0]!.rows.map((r) => r.values);
    expect(sheets[0]!.rows.map((r) => r.rowNo)).toEqual([1, 2, 3]);
    expect(values[0]).toEqual(['姓名', '分数', '备注']);
    expect(values[1]).toEqual(['张三', 12.5, '富文本']);
    expect(values[2]![0]).toBe(2);
    expect(values[2]![1]).toBe(true);
    expect(values[2]![27]).toBe('<&>"\'');
    expect(sheets[1]!.rows).toEqual([{ rowNo: 1, values: [undefined, 'x'] }]);
    expect((await read(file, IMPORT_LIMITS.student, true)).map((s) => s.name)).toEqual(['第一']);
  });

  it('reads other writers\' forms: prefixes, rows and cells without r, inline strings, phonetic runs, CDATA, entities', async () => {
    const sheet = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
      <x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>A&amp;B &#x4E2D;&#25991;</x:t></x:is></x:c></x:row>
      <!-- a comment -->
      <x:row><x:c r="C2" t="str"><x:f>A1</x:f><x:v><![CDATA[1<2]]></x:v></x:c><x:c><x:v>7</x:v></x:c></x:row>
      <x:row r="5"><x:c r="B5" t="s"><x:v>1</x:v></x:c><x:c r="XFD5" s="1"/></x:row>
    </x:sheetData></x:worksheet>`;
    const shared = `<sst ${NS}><si><t>甲</t></si><si><r><t>乙</t></r><r><t xml:space="preserve"> 丙</t></r><rPh sb="0" eb="1"><t>きのえ</t></rPh></si></sst>`;
    const [s] = await read(handWritten(sheet, shared), IMPORT_LIMITS.student);
    expect(s!.rows).toEqual([
      { rowNo: 1, values: ['甲', 'A&B 中文'] },
      { rowNo: 2, values: [undefined, undefined, '1<2', 7] },
      { rowNo: 5, values: [undefined, '乙 丙'] }, // an empty styled cell in XFD is no column of data
    ]);
  });

  it('joins an entity and a character cut by the boundary between two inflated chunks', async () => {
    // zlib hands out 16 KiB chunks: "&amp;" starts 2 bytes before the first boundary, the 3 bytes of 中 start
    // 1 byte before the second.
    const head = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`;
    const first = 'a'.repeat(16384 - 2 - Buffer.byteLength(head));
    const mid = '&amp;</t></is></c><c r="B1" t="inlineStr"><is><t>';
    const second = 'b'.repeat(32768 - 1 - 16382 - Buffer.byteLength(mid));
    const sheet = `${head}${first}${mid}${second}中</t></is></c></row></sheetData></worksheet>`;
    expect(Buffer.from(sheet).subarray(16382, 16387).toString()).toBe('&amp;');
    expect(Buffer.from(sheet).subarray(32767, 32770).toString()).toBe('中');
    const [s] = await read(handWritten(sheet), { ...IMPORT_LIMITS.questionScore, cellChars: 20_000 });
    expect(s!.rows[0]!.values).toEqual([`${first}&`, `${second}中`]);
  });

  it('refuses each limit with its Chinese message', async () => {
    const limits: ImportLimits = { ...IMPORT_LIMITS.student, rows: 3, columns: 3, cells: 8, cellChars: 5, sharedStrings: 2, sharedStringChars: 6, sheets: 1 };
    const row = (r: number, n: number) => `<row r="${r}">${Array.from({ length: n }, (_, i) => `<c r="${columnLetter(i)}${r}"><v>${i}</v></c>`).join('')}</row>`;
    const sheet = (rows: string) => `<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;
    const refusal = (file: Buffer) => read(file, limits).then(() => 'accepted', (e: Error) => e.message);
    expect(await refusal(handWritten(sheet(row(1, 2) + row(2, 2) + row(3, 2) + row(4, 2))))).toBe('行数超过 2 行上限（学生名单，工作表“名单”），请分批导入');
    expect(await refusal(handWritten(sheet(row(1, 4))))).toBe('列数超过 3 列上限（工作表“名单”第 1 行 D 列），请删除多余的列');
    expect(await refusal(handWritten(sheet(row(1, 3) + row(2, 3) + row(3, 3))))).toBe('单元格数量超过 8 个（学生名单上限），请分批导入');
    expect(await refusal(handWritten(sheet('<row r="1"><c r="B1" t="inlineStr"><is><t>123456</t></is></c></row>')))).toBe('单元格内容过长：工作表“名单”第 1 行 B 列超过 5 个字符（学生名单上限）');
    expect(await refusal(handWritten(sheet(row(1, 1)), `<sst ${NS}><si><t>a</t></si><si><t>b</t></si><si><t>c</t></si></sst>`))).toBe('文件过大：共享字符串超过 2 个（学生名单上限）');
    expect(await refusal(handWritten(sheet(row(1, 1)), `<sst ${NS}><si><t>abcd</t></si><si><t>efg</t></si></sst>`))).toBe('文件过大：共享字符串超过 6 个字符（学生名单上限）');
    expect(await refusal(handWritten(sheet('<!DOCTYPE x [<!ENTITY a "aaaa">]>')))).toBe('文件格式不正确：Excel 文件中不能含有 DOCTYPE');
    expect(await refusal(Buffer.from('姓名,学号\n'))).toContain('请上传 .xlsx 格式的 Excel 文件');
    expect(await refusal(zip(workbookParts('名单')).subarray(0, 200))).toContain('请上传 .xlsx 格式的 Excel 文件');
  });
});
