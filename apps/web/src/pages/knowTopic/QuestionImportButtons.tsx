import { useState } from 'react';
import { Button, message } from 'antd';
import { ImportButton } from '@/components/table/ImportButton';
import { exportQuestions, importQuestions, questionTemplate } from '@/api/questionImport';
import type { BankFilter } from '@/api/questionBank';
import { saveBlob } from '@/utils/request';
import { DocxImportDialog } from './DocxImportDialog';

/** /knowTopic/list: 导入试卷 (.docx), 导入/导出 Excel and the template; importing only for the course's editors. */
export function QuestionImportButtons({ filter, editable, onChanged }: { filter: Omit<BankFilter, 'current' | 'size'>; editable: boolean; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const download = async (r: Awaited<ReturnType<typeof questionTemplate>>) => { if ('blob' in r) saveBlob(r.blob, r.filename); };
  return (
    <>
      {editable && <Button onClick={() => setOpen(true)}>导入试卷</Button>}
      {editable && <ImportButton upload={(f) => importQuestions(filter.courseCode, f)} onDone={onChanged}>导入Excel</ImportButton>}
      {editable && <Button onClick={async () => download(await questionTemplate())}>下载模板</Button>}
      <Button onClick={async () => download(await exportQuestions(filter))}>导出Excel</Button>
      {open && <DocxImportDialog courseCode={filter.courseCode} open={open} onClose={() => setOpen(false)}
        onDone={(n) => { message.success(`导入成功：新增 ${n} 题`); onChanged(); }} />}
    </>
  );
}
