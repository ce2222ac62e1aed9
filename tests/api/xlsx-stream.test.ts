// The streaming xlsx writer (our sheet XML, yazl's zip): exceljs reads it back cell for cell, and a failing
// row source fails the export instead of leaving a truncated file or a hanging response.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeXlsx } from '../../apps/api/src/modules/report/xlsx-stream.js';
import { readZip } from '../helpers/zip.js';

describe('writeXlsx', () => {
  let dir = '';
  beforeAll(async () => { dir = await mkdtemp(path.join(tmpdir(), 'xlsx-stream-')); });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes sheets that exceljs and jszip read back', async () => {
    const file = path.join(dir, 'a.xlsx');
    const rows = Array.from({ length: 5000 }, (_, i) => [`学生${i}`, i * 1.5, i % 7 ? `<&"班${i % 7}` : null]);
    await writeXlsx(createWriteStream(file), [
      { name: '成绩单', header: ['姓名', '总分', '班级'], rows },
      { name: '成绩单', header: ['x'], rows: [[1], ['二']] },
    ]);
    expect([...(await readZip(file)).keys()]).toContain('xl/worksheets/sheet2.xml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['成绩单', '成绩单(2)']);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(5001);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    // exceljs row values are 1-based: index 0 is empty.
    expect((ws.getRow(4).values as unknown[]).slice(1)).toEqual(['学生2', 3, '<&"班2']);
    expect(ws.getRow(5001).getCell(2).value).toBe(4999 * 1.5);
    expect(ws.getRow(2).getCell(3).value).toBeNull(); // i = 0: empty cell
    expect(wb.worksheets[1]!.getRow(3).getCell(1).value).toBe('二');
  });

  it('rejects when the rows throw midway', async () => {
    function* rows() {
      for (let i = 0; i < 100_000; i++) {
        if (i === 3000) throw new Error('数据读取失败');
        yield [`s${i}`, i];
      }
    }
    await expect(writeXlsx(createWriteStream(path.join(dir, 'b.xlsx')), [{ name: 'S', header: ['a', 'b'], rows: rows() }])).rejects.toThrow('数据读取失败');
  });
});
