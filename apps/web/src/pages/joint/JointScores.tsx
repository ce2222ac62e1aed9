import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Select, Space, Table, Upload, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { JOINT_SCORING_NAMES } from '@jz/shared/joint';
import { setJointScoring, type JointExam } from '@/api/joint';
import { checkRelease, findPublishProgress, releaseScores } from '@/api/release';
import { downloadScoreTemplate, importQuestionScores, importTotalScores, type ScoreImportError } from '@/api/score';
import { runDownload } from '@/components/table';
import { Assign } from '@/pages/marking/setup/AssignWork';

export const SCORING_OPTIONS = Object.entries(JOINT_SCORING_NAMES).map(([value, label]) => ({ value, label }));

/**
 * A participating school imports its own candidates' scores into the joint exam (same templates and checks as a
 * school's own exam; the templates list the school's candidates only). A refused file lists every bad cell here.
 */
export function JointImportModal({ exam, onClose }: { exam: JointExam; onClose: (changed: boolean) => void }) {
  const [errors, setErrors] = useState<ScoreImportError[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = (call: (examId: number, f: File) => ReturnType<typeof importQuestionScores>) => (file: File) => {
    setBusy(true);
    setErrors([]);
    setDone(null);
    void call(exam.examId, file).then((res) => {
      const data = res.data as { errors?: ScoreImportError[]; subjects?: { courseName: string; scored: number; absent: number }[] } | null;
      if (res.code === 200 && data?.subjects) {
        setDone(data.subjects.map((s) => `${s.courseName}：${s.scored} 人有成绩，${s.absent} 人缺考`).join('；'));
        message.success(res.msg || '导入成功');
      } else if (data?.errors?.length) setErrors(data.errors);
      else message.error(res.msg || '导入失败');
    }).finally(() => setBusy(false));
    return false;
  };
  return (
    <Modal open title={`导入本校成绩：${exam.name}`} width={760} maskClosable={false} footer={null} onCancel={() => onClose(!!done)}>
      <p>只能导入本校考生的成绩；任何一行有错则全部不导入。</p>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} onClick={() => void runDownload(downloadScoreTemplate(exam.examId, 'question'), '小题成绩导入模板.xlsx')}>下载小题成绩模板</Button>
        <Button icon={<DownloadOutlined />} onClick={() => void runDownload(downloadScoreTemplate(exam.examId, 'total'), '科目总分导入模板.xlsx')}>下载科目总分模板</Button>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={upload(importQuestionScores)}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>导入小题成绩</Button>
        </Upload>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={upload(importTotalScores)}>
          <Button icon={<UploadOutlined />} loading={busy}>导入科目总分</Button>
        </Upload>
      </Space>
      {done && <Alert type="success" showIcon message={`导入成功：${done}`} />}
      {errors.length > 0 && (
        <>
          <Alert type="error" showIcon message={`共 ${errors.length} 处错误，未写入任何数据`} style={{ marginBottom: 8 }} />
          <Table<ScoreImportError & { key: number }> size="small" rowKey="key" dataSource={errors.map((e, i) => ({ ...e, key: i }))}
            pagination={errors.length > 10 ? { pageSize: 10 } : false} columns={[
              { title: '工作表', dataIndex: 'sheet', width: 100 },
              { title: '行号', dataIndex: 'row', width: 60 },
              { title: '列', dataIndex: 'column', width: 60, render: (v) => v || '-' },
              { title: '错误原因', dataIndex: 'reason' },
            ]} />
        </>
      )}
    </Modal>
  );
}

/** The organiser's choice per subject: 学校导入 / 各校阅卷 / 混合阅卷. */
export function SubjectScoring({ exam, onChanged }: { exam: JointExam; onChanged: () => void }) {
  const change = async (courseCode: string, scoring: string) => {
    const res = await setJointScoring(exam.examId, courseCode, scoring);
    if (res.code === 200) { message.success(res.msg); onChanged(); } else message.error(res.msg);
  };
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      {exam.subjects.map((s) => (
        <Space key={s.courseCode} size={4}>
          <span>{s.courseName}（满分 {s.fullScore}）</span>
          <Select size="small" style={{ width: 110 }} value={s.scoring} disabled={!!exam.releasedAt} options={SCORING_OPTIONS}
            onChange={(v) => void change(s.courseCode, v)} aria-label={`${s.courseName}评分方式`} />
        </Space>
      ))}
    </Space>
  );
}

/** 新建联考: each chosen subject's own full score and scoring. */
export function SubjectRows({ courses, value, onChange }: {
  courses: { courseCode: string; courseName: string }[];
  value: Record<string, { fullScore: number; scoring: string }>;
  onChange: (v: Record<string, { fullScore: number; scoring: string }>) => void;
}) {
  if (!courses.length) return null;
  return (
    <Table size="small" rowKey="courseCode" pagination={false} dataSource={courses} style={{ marginBottom: 16 }} columns={[
      { title: '科目', dataIndex: 'courseName' },
      { title: '满分', render: (_, c) => (
        <InputNumber min={1} max={1000} value={value[c.courseCode]?.fullScore ?? 100} aria-label={`${c.courseName}满分`}
          onChange={(n) => onChange({ ...value, [c.courseCode]: { scoring: value[c.courseCode]?.scoring ?? 'import', fullScore: Number(n ?? 0) } })} />
      ) },
      { title: '评分方式', render: (_, c) => (
        <Select style={{ width: 120 }} value={value[c.courseCode]?.scoring ?? 'import'} options={SCORING_OPTIONS} aria-label={`${c.courseName}评分方式`}
          onChange={(scoring) => onChange({ ...value, [c.courseCode]: { fullScore: value[c.courseCode]?.fullScore ?? 100, scoring } })} />
      ) },
    ]} />
  );
}

/**
 * The organiser's 发布成绩 (and 重新发布 after a correction): the release check first, naming every school still to
 * confirm or missing scores; then the release, followed until it ends.
 */
export function ReleaseButton({ exam, onDone }: { exam: JointExam; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const follow = async () => {
    for (let i = 0; i < 600; i++) {
      const p = await findPublishProgress(exam.examId);
      if (p.code !== 200 || !p.data) { message.error(p.msg); return; }
      if (p.data.state === 'done') { message.success('成绩发布完成'); onDone(); return; }
      if (p.data.state === 'failed') { message.error(p.data.error ?? '发布失败'); return; }
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const start = async () => {
    setBusy(true);
    try {
      const c = await checkRelease(exam.examId);
      if (c.code !== 200) { message.error(c.msg); return; }
      if (!c.data.ready) {
        Modal.warning({ title: '暂不能发布', content: <ul>{c.data.problems.map((p) => <li key={p}>{p}</li>)}</ul> });
        return;
      }
      const ok = await new Promise<boolean>((resolve) => Modal.confirm({
        title: exam.releasedAt ? '重新发布成绩' : '发布成绩', content: `确定发布「${exam.name}」的成绩？各校将看到联考报告。`,
        onOk: () => resolve(true), onCancel: () => resolve(false),
      }));
      if (!ok) return;
      const r = await releaseScores(exam.examId);
      if (r.code !== 200) { message.error(r.msg); return; }
      await follow();
    } finally {
      setBusy(false);
    }
  };
  return <Button size="small" type="primary" loading={busy} onClick={() => void start()}>{exam.releasedAt ? '重新发布' : '发布成绩'}</Button>;
}

/** The subjects of a joint exam that each school marks itself (各校阅卷). */
export const schoolMarkedSubjects = (exam: JointExam) => exam.subjects.filter((s) => s.scoring === 'school_marking');

/**
 * 各校阅卷 by a participating school: per 各校阅卷 subject, its own teachers on the organiser's blocks (the same
 * allocation screen as a school's own exam, its settings read-only).
 */
export function SchoolMarkingModal({ exam, onClose }: { exam: JointExam; onClose: () => void }) {
  const subjects = schoolMarkedSubjects(exam);
  const [examSubjectId, setExamSubjectId] = useState(subjects[0]?.examSubjectId);
  return (
    <Modal open title={`本校阅卷分配：${exam.name}`} width={1100} maskClosable={false} footer={null} onCancel={onClose}>
      <Space style={{ marginBottom: 12 }}>
        <span>科目</span>
        <Select style={{ width: 140 }} value={examSubjectId} onChange={setExamSubjectId} aria-label="阅卷科目"
          options={subjects.map((s) => ({ value: s.examSubjectId, label: s.courseName }))} />
      </Space>
      {examSubjectId && <Assign key={examSubjectId} examSubjectId={examSubjectId} school courseCode={subjects.find((s) => s.examSubjectId === examSubjectId)?.courseCode} />}
    </Modal>
  );
}
