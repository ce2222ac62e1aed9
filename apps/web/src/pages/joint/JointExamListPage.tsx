import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import { EXAM_TYPES } from '@jz/shared/exam';
import {
  acceptJointExam, addJointExam, confirmJointClasses, findInvitableSchools, findJointByCode, findJointExams, inviteSchools, joinJointExam,
  setJointAnonymous, withdrawJointExam, type JointExam, type JointSchool,
} from '@/api/joint';
import { findClassTree, findSchoolGrades, type GradeNode, type SchoolGrade } from '@/api/school';
import { JointImportModal, ReleaseButton, SchoolMarkingModal, schoolMarkedSubjects, SubjectRows, SubjectScoring } from './JointScores';

const STATUS_COLORS: Record<string, string> = { invited: 'orange', joined: 'blue', confirmed: 'green', withdrawn: 'default' };

/** Runs a call and shows its answer: the message on success, the refusal otherwise; answers whether it succeeded. */
async function run(call: Promise<{ code: number; msg: string }>): Promise<boolean> {
  const res = await call;
  if (res.code === 200) { message.success(res.msg); return true; }
  message.error(res.msg);
  return false;
}

/** /jointExamination/list: the joint exams the school or bureau organises or takes part in (docs/DOMAIN-RULES.md §7). */
export default function JointExamListPage() {
  const [rows, setRows] = useState<JointExam[]>([]);
  const [total, setTotal] = useState(0);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [loading, setLoading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState(false);
  const [inviting, setInviting] = useState<JointExam | null>(null);
  const [confirming, setConfirming] = useState<JointExam | null>(null);
  const navigate = useNavigate();
  const [importing, setImporting] = useState<JointExam | null>(null);
  const [marking, setMarking] = useState<JointExam | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const res = await findJointExams(paging.current, paging.size).finally(() => setLoading(false));
    if (res.code === 200) { setRows(res.data.records); setTotal(res.data.total); } else message.error(res.msg);
  }, [paging]);
  useEffect(() => { void load(); }, [load]);

  const act = async (call: Promise<{ code: number; msg: string }>) => { if (await run(call)) await load(); };

  const columns: TableColumnsType<JointExam> = [
    { title: '联考名称', dataIndex: 'name', width: 220 },
    { title: '组织方', dataIndex: 'organiserName', width: 140 },
    { title: '年级', dataIndex: 'gradeName', width: 70 },
    { title: '考试日期', width: 190, render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
    { title: '科目', width: 160, render: (_, r) => r.subjects.map((s) => s.courseName).join('、') },
    { title: '本单位', width: 110, render: (_, r) => (r.role === 'organiser' ? <Tag color="purple">组织方</Tag> : <Tag color={STATUS_COLORS[r.myStatus ?? '']}>{r.schools.find((s) => s.own)?.statusName}</Tag>) },
    { title: '注册码', dataIndex: 'registrationCode', width: 110, render: (v: string | null) => (v ? <Typography.Text copyable code>{v}</Typography.Text> : '-') },
    { title: '状态', width: 80, render: (_, r) => (r.releasedAt ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>) },
    {
      title: '操作', width: 300, fixed: 'right', render: (_, r) => (
        <Space wrap>
          {r.releasedAt && (r.role === 'organiser' || r.myStatus === 'confirmed') && (
            <Button size="small" type="primary" onClick={() => navigate(`/jointExamination/schoolReportDetails/dataScreening?examId=${r.examId}`)}>查看报告</Button>
          )}
          {r.role === 'organiser' && !r.releasedAt && <Button size="small" onClick={() => setInviting(r)}>邀请学校</Button>}
          {r.role === 'organiser' && <ReleaseButton exam={r} onDone={() => void load()} />}
          {r.role === 'organiser' && (
            <Space size={4}><span>其他学校匿名</span><Switch size="small" checked={r.anonymiseSchools} onChange={(v) => void act(setJointAnonymous(r.examId, v))} /></Space>
          )}
          {r.myStatus === 'invited' && <Button size="small" type="primary" onClick={() => void act(acceptJointExam(r.examId))}>接受邀请</Button>}
          {r.myStatus === 'withdrawn' && <Button size="small" onClick={() => void act(acceptJointExam(r.examId))}>重新加入</Button>}
          {r.myStatus && r.myStatus !== 'withdrawn' && !r.releasedAt && <Button size="small" onClick={() => setConfirming(r)}>确认参考班级</Button>}
          {r.role === 'participant' && r.myStatus === 'confirmed' && !r.releasedAt && <Button size="small" onClick={() => setImporting(r)}>导入本校成绩</Button>}
          {r.role === 'participant' && r.myStatus === 'confirmed' && !r.releasedAt && r.subjects.some((s) => s.scoring !== 'import') && (
            <Button size="small" onClick={() => navigate(`/examDetailsEdit/scanStudentHome?examId=${r.examId}`)}>扫描管理</Button>
          )}
          {r.role === 'participant' && r.myStatus === 'confirmed' && !r.releasedAt && schoolMarkedSubjects(r).length > 0 && (
            <Button size="small" onClick={() => setMarking(r)}>本校阅卷分配</Button>
          )}
          {r.role === 'participant' && r.myStatus !== 'withdrawn' && !r.releasedAt && (
            <Button size="small" danger onClick={() => Modal.confirm({ title: '退出联考', content: `确定退出「${r.name}」？本校考生将从联考中移除。`, onOk: () => act(withdrawJointExam(r.examId)) })}>退出</Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="联考列表" extra={<Space><Button onClick={() => setJoining(true)}>凭注册码加入</Button><Button type="primary" onClick={() => setCreating(true)}>新建联考</Button></Space>}>
      <Table<JointExam>
        rowKey="examId" loading={loading} dataSource={rows} columns={columns} scroll={{ x: 1300 }}
        expandable={{ expandedRowRender: (r) => (
          <>
            {r.role === 'organiser' && <SubjectScoring exam={r} onChanged={() => void load()} />}
            <SchoolTable schools={r.schools} />
          </>
        ) }}
        pagination={{ current: paging.current, pageSize: paging.size, total, showSizeChanger: true, showQuickJumper: true, showTotal: (n) => `共 ${n} 条`, onChange: (current, size) => setPaging({ current, size }) }}
      />
      {creating && <CreateModal onClose={(changed) => { setCreating(false); if (changed) void load(); }} />}
      {joining && <JoinModal onClose={(changed) => { setJoining(false); if (changed) void load(); }} />}
      {inviting && <InviteModal exam={inviting} onClose={(changed) => { setInviting(null); if (changed) void load(); }} />}
      {marking && <SchoolMarkingModal exam={marking} onClose={() => { setMarking(null); void load(); }} />}
      {importing && <JointImportModal exam={importing} onClose={(changed) => { setImporting(null); if (changed) void load(); }} />}
      {confirming && <ClassesModal exam={confirming} onClose={(changed) => { setConfirming(null); if (changed) void load(); }} />}
    </Card>
  );
}

/** Each participating school with its state and progress, as the caller may see it. */
function SchoolTable({ schools }: { schools: JointSchool[] }) {
  return (
    <Table<JointSchool> size="small" rowKey="code" pagination={false} dataSource={schools} columns={[
      { title: '学校', dataIndex: 'schoolName', render: (v: string, s) => (s.own ? <b>{v}（本校）</b> : v) },
      { title: '考号代码', dataIndex: 'code', render: (v: number) => String(v).padStart(2, '0') },
      { title: '状态', dataIndex: 'statusName', render: (v: string, s) => <Tag color={STATUS_COLORS[s.status]}>{v}</Tag> },
      { title: '参考班级', dataIndex: 'classCount' },
      { title: '考生', dataIndex: 'studentCount' },
      { title: '已扫描答卷', dataIndex: 'scannedSheets' },
      { title: '阅卷进度', render: (_, s) => (s.markingPapers ? `${s.markedPapers}/${s.markingPapers}` : '-') },
      ...(schools.some((s) => s.markingBlocks.length) ? [{ title: '各校阅卷（按题块）', key: 'blocks',
        render: (_: unknown, s: JointSchool) => s.markingBlocks.map((b) => `${b.courseName}${b.blockName} ${b.marked}/${b.papers}`).join('，') || '-' }] : []),
      { title: '成绩进度', render: (_, s) => (s.scoreCellsNeeded ? `${s.scoreCellsDone}/${s.scoreCellsNeeded}` : '-') },
    ]} />
  );
}

function CreateModal({ onClose }: { onClose: (changed: boolean) => void }) {
  const [form] = Form.useForm();
  const [grades, setGrades] = useState<SchoolGrade[]>([]);
  const [schools, setSchools] = useState<{ id: number; name: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const [perSubject, setPerSubject] = useState<Record<string, { fullScore: number; scoring: string }>>({});
  useEffect(() => {
    void findSchoolGrades().then((r) => r.code === 200 && setGrades(r.data));
    void findInvitableSchools().then((r) => r.code === 200 && setSchools(r.data));
  }, []);
  const gradeId = Form.useWatch('gradeId', form);
  const courses = grades.find((g) => g.id === gradeId)?.courses ?? [];
  const chosen: string[] = Form.useWatch('courseCodes', form) ?? [];
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const ok = await run(addJointExam({
      name: v.name, examType: v.examType, gradeId: v.gradeId, startDate: v.dates[0].format('YYYY-MM-DD'), endDate: v.dates[1].format('YYYY-MM-DD'),
      subjects: (v.courseCodes as string[]).map((courseCode) => ({ courseCode, fullScore: perSubject[courseCode]?.fullScore ?? 100, scoring: perSubject[courseCode]?.scoring ?? 'import' })),
      schoolIds: v.schoolIds ?? [], anonymiseSchools: v.anonymiseSchools,
    })).finally(() => setSaving(false));
    if (ok) onClose(true);
  };
  return (
    <Modal open title="新建联考" maskClosable={false} confirmLoading={saving} onOk={() => void submit()} onCancel={() => onClose(false)} width={560}>
      <Form form={form} layout="vertical" initialValues={{ examType: 2, anonymiseSchools: true }}>
        <Form.Item name="name" label="联考名称" rules={[{ required: true, whitespace: true, message: '请输入考试名称' }, { max: 100, message: '考试名称不能超过100个字符' }]}><Input /></Form.Item>
        <Form.Item name="examType" label="考试类型"><Select options={EXAM_TYPES.map((t) => ({ value: t.value, label: t.label }))} /></Form.Item>
        <Form.Item name="gradeId" label="年级" rules={[{ required: true, message: '请选择年级' }]}><Select options={grades.map((g) => ({ value: g.id, label: g.name }))} /></Form.Item>
        <Form.Item name="courseCodes" label="科目" rules={[{ required: true, message: '请至少选择一个科目' }]}><Select mode="multiple" options={courses.map((c) => ({ value: c.courseCode, label: c.courseName }))} /></Form.Item>
        <SubjectRows courses={courses.filter((c) => chosen.includes(c.courseCode))} value={perSubject} onChange={setPerSubject} />
        <Form.Item name="dates" label="考试日期" rules={[{ required: true, message: '请选择考试日期' }]}><DatePicker.RangePicker /></Form.Item>
        <Form.Item name="schoolIds" label="邀请学校"><Select mode="multiple" optionFilterProp="label" options={schools.map((s) => ({ value: s.id, label: s.name }))} /></Form.Item>
        <Form.Item name="anonymiseSchools" label="各校看到的其他学校显示为 学校A、学校B…" valuePropName="checked"><Switch /></Form.Item>
      </Form>
    </Modal>
  );
}

function JoinModal({ onClose }: { onClose: (changed: boolean) => void }) {
  const [code, setCode] = useState('');
  const [found, setFound] = useState<{ name: string; organiserName: string; gradeName: string; subjects: string[] } | null>(null);
  const look = async () => {
    const r = await findJointByCode(code.trim());
    if (r.code === 200) setFound(r.data); else { setFound(null); message.error(r.msg); }
  };
  const join = async () => { if (await run(joinJointExam(code.trim()))) onClose(true); };
  return (
    <Modal open title="凭注册码加入联考" maskClosable={false} okText="加入" okButtonProps={{ disabled: !found }} onOk={() => void join()} onCancel={() => onClose(false)}>
      <Space.Compact style={{ width: '100%' }}>
        <Input placeholder="8 位注册码" value={code} maxLength={8} onChange={(e) => { setCode(e.target.value); setFound(null); }} />
        <Button onClick={() => void look()}>查询</Button>
      </Space.Compact>
      {found && <p style={{ marginTop: 12 }}>{found.organiserName} 组织的「{found.name}」（{found.gradeName}，{found.subjects.join('、')}）</p>}
    </Modal>
  );
}

function InviteModal({ exam, onClose }: { exam: JointExam; onClose: (changed: boolean) => void }) {
  const [schools, setSchools] = useState<{ id: number; name: string }[]>([]);
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => { void findInvitableSchools().then((r) => r.code === 200 && setSchools(r.data)); }, []);
  const present = new Set(exam.schools.map((s) => s.schoolId));
  const submit = async () => { if (await run(inviteSchools(exam.examId, ids))) onClose(true); };
  return (
    <Modal open title={`邀请学校：${exam.name}`} maskClosable={false} onOk={() => void submit()} onCancel={() => onClose(false)}>
      <Select mode="multiple" style={{ width: '100%' }} optionFilterProp="label" value={ids} onChange={setIds}
        options={schools.filter((s) => !present.has(s.id)).map((s) => ({ value: s.id, label: s.name }))} placeholder="选择学校" />
    </Modal>
  );
}

/** The school's classes of the exam's grade; confirming lists their students with the unified 考号. */
function ClassesModal({ exam, onClose }: { exam: JointExam; onClose: (changed: boolean) => void }) {
  const [tree, setTree] = useState<GradeNode[]>([]);
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => { void findClassTree().then((r) => r.code === 200 && setTree(r.data)); }, []);
  const classes = tree.find((g) => g.name === exam.gradeName)?.classes ?? [];
  const submit = async () => { if (await run(confirmJointClasses(exam.examId, ids))) onClose(true); };
  return (
    <Modal open title={`确认参考班级：${exam.name}`} maskClosable={false} onOk={() => void submit()} onCancel={() => onClose(false)}>
      <p>考生按统一考号编排：学校代码 2 位 + 班级序号 2 位 + 座号 3 位。</p>
      {classes.length ? (
        <Checkbox.Group value={ids} onChange={(v) => setIds(v as number[])}
          options={classes.map((c) => ({ value: c.id as number, label: `${c.name}（${c.studentCount ?? 0}人）` }))} />
      ) : <p>本校没有{exam.gradeName}的班级</p>}
    </Modal>
  );
}
