import { useState } from 'react';
import { Button } from 'antd';
import { ReportPage } from '../common/ReportPage';
import { PaperModule } from '../modules/PaperModule';
import { WrongBookDialog } from '../../knowTopic/WrongBookDialog';

/** 试卷分析 (testPaper): one subject at a time (总分 has no paper); 错题本 of a class from here. */
export default function TestPaper() {
  const [wrongBook, setWrongBook] = useState(false);
  return <ReportPage title="试卷分析" noTotal>{({ params, filter }) => (
    <>
      <div className="no-print" style={{ textAlign: 'right', marginBottom: 8 }}>
        <Button onClick={() => setWrongBook(true)}>错题本</Button>
      </div>
      <PaperModule params={params} />
      {wrongBook && <WrongBookDialog open courseCode={params.courseCode} courseName={filter?.meta.courseName ?? ''} examId={Number(params.examId)}
        classId={params.classId || undefined} onClose={() => setWrongBook(false)} />}
    </>
  )}</ReportPage>;
}
