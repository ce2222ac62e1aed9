import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, ConfigProvider, Empty, Form, Modal, Row, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ClearOutlined, DownloadOutlined, ExportOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  addClassRoleCourse, cleanClassRoleCourse, deleteClassRoleCourse, findCourseTbl, findPermissionTbl, findSchoolGrades, findTchRolePermission,
  findTeacherTable, saveBusinessPermission,
  type CourseTbl, type CourseTblRow, type DutyRole, type Id, type Leader, type PermissionTbl, type RelationTeacher, type RolePermissionTable, type SchoolGrade,
} from '@/api/school';
import { downTchCourseTemplate, exportTchCourse, importTchCourse } from '@/api/excel';
import { ImportButton, listTheme, loadData, runAction, runDownload, useFeedback } from '@/components/table';
import { StudentRankSettings } from '@/pages/student/StudentRankSettings';
import { usePermissions } from './usePermissions';
import { AssistantSettings } from './AssistantSettings';

type TeacherOption = { id: Id; userId: Id; name: string; loginId: string };
/** The cell being assigned: head teacher (no courseCode) or a course's subject teacher. */
type AssignTarget = { kind: 'class'; row: CourseTblRow; courseCode?: string; courseName?: string } | { kind: 'leader'; roleCode: 'grade_leader' | 'lesson_leader' };

/** Teachers of the school for the select boxes, loaded once. */
function useTeacherOptions() {
  const [teachers, setTeachers] = useState<TeacherOption[]>([]);
  useEffect(() => { loadData(findTeacherTable(), [] as TeacherOption[]).then((t) => setTeachers(Array.isArray(t) ? t : [])); }, []);
  const options = useMemo(() => teachers.map((t) => ({ value: t.userId, label: `${t.name}（${t.loginId}）` })), [teachers]);
  return options;
}

/** State of the 任课关系 tab: grade, matrix, leaders and commands. */
function useDuty() {
  const [grades, setGrades] = useState<SchoolGrade[]>([]);
  const [gradeId, setGradeId] = useState<Id>();
  const [tbl, setTbl] = useState<CourseTbl | null>(null);
  const [leaders, setLeaders] = useState<PermissionTbl>({ gradeLeaders: [], lessonLeaders: [], temporaryLeaders: [] });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    loadData(findSchoolGrades(), [] as SchoolGrade[]).then((g) => {
      const list = Array.isArray(g) ? g : [];
      setGrades(list);
      if (list.length) setGradeId(list[0].id);
    });
  }, []);
  const load = useCallback(async () => {
    if (gradeId == null) return;
    setLoading(true);
    const [t, l] = await Promise.all([
      loadData(findCourseTbl(gradeId), null),
      loadData(findPermissionTbl({ gradeId }), null),
    ]);
    setTbl(t);
    setLeaders(l ?? { gradeLeaders: [], lessonLeaders: [], temporaryLeaders: [] });
    setLoading(false);
  }, [gradeId]);
  useEffect(() => { load(); }, [load]);

  const removeRelation = (rel: { id: Id; teacherName: string }, what: string) => Modal.confirm({
    title: '提示', content: `确认移除「${rel.teacherName}」的${what}吗？`, okText: '确定', cancelText: '取消',
    onOk: async () => { if (await runAction(deleteClassRoleCourse([rel.id]))) load(); },
  });
  const clean = () => {
    const grade = grades.find((g) => g.id === gradeId);
    if (gradeId == null || !grade) return;
    Modal.confirm({
      title: '提示', content: `确认清空${grade.name}全部班级的班主任与任课老师吗？此操作不可恢复。`, okText: '确定清空', cancelText: '取消', okButtonProps: { danger: true },
      onOk: async () => { if (await runAction(cleanClassRoleCourse(gradeId))) load(); },
    });
  };
  return { grades, gradeId, setGradeId, tbl, leaders, loading, load, removeRelation, clean };
}

const teacherTag = (t: RelationTeacher | Leader, onClose?: () => void) => (
  <Tag key={String(t.id)} color={t.temporary ? 'orange' : 'blue'} closable={!!onClose}
    onClose={(e) => { e.preventDefault(); onClose?.(); }} style={{ marginBottom: 4 }}>
    {t.teacherName}{t.temporary ? '(临时)' : ''}
  </Tag>
);

/** 任课关系 tab. */
function DutyTab({ canEdit, canImport, canEditLeaders }: { canEdit: boolean; canImport: boolean; canEditLeaders: boolean }) {
  const duty = useDuty();
  const teacherOptions = useTeacherOptions();
  const [target, setTarget] = useState<AssignTarget | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const { tbl, leaders, gradeId } = duty;
  const courses = tbl?.courses ?? [];

  const submit = async () => {
    if (!target || gradeId == null) return;
    const v = await form.validateFields();
    let body: Parameters<typeof addClassRoleCourse>[0];
    if (target.kind === 'class') {
      const roleCode: DutyRole = target.courseCode ? 'subject_teacher' : 'head_teacher';
      body = { userId: v.userId, roleCode, gradeId, classIds: v.classIds, courseCode: target.courseCode };
    } else {
      body = { userId: v.userId, roleCode: target.roleCode, gradeId, courseCode: target.roleCode === 'lesson_leader' ? v.courseCode : undefined, temporary: target.roleCode === 'lesson_leader' ? !!v.temporary : undefined };
    }
    setSaving(true);
    const ok = await runAction(addClassRoleCourse(body));
    setSaving(false);
    if (ok) { setTarget(null); duty.load(); }
  };

  const cell = (row: CourseTblRow, list: RelationTeacher[], courseCode?: string, courseName?: string) => (
    <div style={{ minHeight: 24 }}>
      {list.map((t) => teacherTag(t, canEdit ? () => duty.removeRelation(t, `${row.className}${courseName ?? '班主任'}`) : undefined))}
      {canEdit && (
        <Button size="small" type="dashed" icon={<PlusOutlined />} aria-label={`设置${row.className}${courseName ?? '班主任'}`}
          onClick={() => setTarget({ kind: 'class', row, courseCode, courseName })} />
      )}
      {!canEdit && !list.length && <span style={{ color: '#bbb' }}>-</span>}
    </div>
  );

  const columns: TableColumnsType<CourseTblRow> = [
    { title: '班级', dataIndex: 'className', width: 110, fixed: 'left' },
    { title: '班主任', key: 'head', width: 150, render: (_, r) => cell(r, r.headTeachers ?? []) },
    ...courses.map((c) => ({
      title: c.courseName, key: c.courseCode, width: 150,
      render: (_: unknown, r: CourseTblRow) => cell(r, r.cells?.[c.courseCode] ?? [], c.courseCode, c.courseName),
    })),
  ];

  const leaderColumns = (what: string, withCourse: boolean): TableColumnsType<Leader> => [
    { title: '教师', dataIndex: 'teacherName' },
    { title: '账号', dataIndex: 'loginId' },
    { title: '年级', dataIndex: 'gradeName', render: (v) => v || '-' },
    ...(withCourse ? [{ title: '学科', dataIndex: 'courseName', render: (v: string | null) => v || '-' }] : []),
    ...(canEditLeaders ? [{ title: '操作', width: 90, render: (_: unknown, l: Leader) => <Button type="link" danger size="small" onClick={() => duty.removeRelation(l, what)}>移除</Button> }] : []),
  ];

  const assignTitle = target?.kind === 'class'
    ? `设置${target.courseName ? `${target.courseName}任课老师` : '班主任'}`
    : target?.roleCode === 'grade_leader' ? '添加年级主任' : '添加备课组长';

  return (
    <ConfigProvider theme={listTheme}>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Form name="dutyGrade" layout="inline">
            <Form.Item label="年级">
              <Select aria-label="年级" style={{ width: 160 }} placeholder="请选择年级" value={gradeId} onChange={duty.setGradeId}
                options={duty.grades.map((g) => ({ value: g.id, label: g.name }))} />
            </Form.Item>
          </Form>
          {canImport && <ImportButton upload={importTchCourse} onDone={duty.load}>导入任课</ImportButton>}
          {canImport && <Button icon={<DownloadOutlined />} onClick={() => runDownload(downTchCourseTemplate(), '任课关系导入模板.xlsx')}>下载模板</Button>}
          <Button icon={<ExportOutlined />} disabled={gradeId == null} onClick={() => runDownload(exportTchCourse(gradeId), '任课关系.xlsx')}>导出任课</Button>
          {canEdit && <Button danger icon={<ClearOutlined />} disabled={gradeId == null} onClick={duty.clean}>清空任课</Button>}
        </Space>
      </Card>
      <Card size="small" title={`${tbl?.gradeName ?? ''}任课关系`} style={{ marginBottom: 12 }}>
        {duty.grades.length === 0 && !duty.loading ? <Empty description="暂无年级" /> : (
          <Table<CourseTblRow>
            rowKey="classId"
            bordered
            size="small"
            loading={duty.loading}
            dataSource={tbl?.rows ?? []}
            columns={columns}
            pagination={false}
            scroll={{ x: 260 + courses.length * 150 }}
            locale={{ emptyText: '该年级暂无班级' }}
          />
        )}
      </Card>
      <Row gutter={12}>
        <Col xs={24} xl={12}>
          <Card size="small" title="年级主任" style={{ marginBottom: 12 }}
            extra={canEditLeaders && <Button size="small" type="primary" icon={<PlusOutlined />} disabled={gradeId == null} onClick={() => setTarget({ kind: 'leader', roleCode: 'grade_leader' })}>添加年级主任</Button>}>
            <Table<Leader> rowKey="id" size="small" loading={duty.loading} dataSource={leaders.gradeLeaders} columns={leaderColumns('年级主任', false)} pagination={false} locale={{ emptyText: '暂无年级主任' }} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="备课组长" style={{ marginBottom: 12 }}
            extra={canEditLeaders && <Button size="small" type="primary" icon={<PlusOutlined />} disabled={gradeId == null} onClick={() => setTarget({ kind: 'leader', roleCode: 'lesson_leader' })}>添加备课组长</Button>}>
            <Table<Leader> rowKey="id" size="small" loading={duty.loading} dataSource={[...leaders.lessonLeaders, ...leaders.temporaryLeaders.filter((t) => !leaders.lessonLeaders.some((l) => l.id === t.id))]}
              columns={leaderColumns('备课组长', true)} pagination={false} locale={{ emptyText: '暂无备课组长' }} />
          </Card>
        </Col>
      </Row>

      <Modal title={assignTitle} open={!!target} maskClosable={false} confirmLoading={saving} onOk={submit} onCancel={() => setTarget(null)} okText="确定" cancelText="取消" destroyOnHidden>
        {target && (
          <Form form={form} name="assignForm" layout="vertical" preserve={false}
            initialValues={target.kind === 'class' ? { classIds: [target.row.classId] } : { temporary: false }}>
            <Form.Item name="userId" label="教师" rules={[{ required: true, message: '请选择教师' }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} placeholder="请选择教师（可输入姓名搜索）" options={teacherOptions} />
            </Form.Item>
            {target.kind === 'class' && (
              <Form.Item name="classIds" label="班级" extra="可同时为多个班级设置" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个班级' }]}>
                <Select mode="multiple" placeholder="请选择班级" options={(tbl?.rows ?? []).map((r) => ({ value: r.classId, label: r.className }))} />
              </Form.Item>
            )}
            {target.kind === 'leader' && target.roleCode === 'lesson_leader' && (
              <>
                <Form.Item name="courseCode" label="学科" rules={[{ required: true, message: '请选择学科' }]}>
                  <Select placeholder="请选择学科" options={courses.map((c) => ({ value: c.courseCode, label: c.courseName }))} />
                </Form.Item>
                <Form.Item name="temporary" label="设为临时负责人" valuePropName="checked" extra="临时学科负责人单独标注，可随时移除">
                  <Switch />
                </Form.Item>
              </>
            )}
          </Form>
        )}
      </Modal>
    </ConfigProvider>
  );
}

/** State of the 角色权限 tab. */
function useRolePermission() {
  const [data, setData] = useState<RolePermissionTable | null>(null);
  const [draft, setDraft] = useState<Record<string, string[]>>({});
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);
  const load = async () => {
    setLoading(true);
    const d = await loadData(findTchRolePermission(), null);
    setData(d);
    setDraft(Object.fromEntries((d?.roles ?? []).map((r) => [r.roleCode, r.permissionCodes])));
    setLoading(false);
  };
  useEffect(() => { load(); }, []);
  const save = async (roleCode: string) => {
    setSaving(roleCode);
    const ok = await runAction(saveBusinessPermission({ roleCode, permissionCodes: draft[roleCode] ?? [] }));
    setSaving(null);
    if (ok) load();
  };
  return { data, draft, setDraft, loading, saving, save };
}

/** 角色权限 tab: a checkbox group per permission group for each teacher role. */
function RolePermissionTab({ canEdit }: { canEdit: boolean }) {
  const { data, draft, setDraft, loading, saving, save } = useRolePermission();
  const groups = useMemo(() => {
    const m = new Map<string, { code: string; name: string }[]>();
    for (const p of data?.permissions ?? []) m.set(p.group, [...(m.get(p.group) ?? []), p]);
    return [...m];
  }, [data]);
  if (!data && !loading) return <Empty description="暂无数据" />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title="学校管理员拥有全部权限；教师角色的权限修改后，相关教师重新登录或刷新页面后生效。" />
      {(data?.roles ?? []).map((role) => {
        const editable = canEdit && role.editable;
        const changed = JSON.stringify([...(draft[role.roleCode] ?? [])].sort()) !== JSON.stringify([...role.permissionCodes].sort());
        return (
          <Card key={role.roleCode} size="small" loading={loading}
            title={<Space>{role.roleName}{!role.editable && <Tag>不可编辑</Tag>}{changed && <Tag color="orange">未保存</Tag>}</Space>}
            extra={editable && <Button type="primary" size="small" icon={<SaveOutlined />} loading={saving === role.roleCode} disabled={!changed} onClick={() => save(role.roleCode)}>保存{role.roleName}权限</Button>}>
            {groups.map(([group, perms]) => (
              <Row key={group} style={{ marginBottom: 8 }} align="top">
                <Col flex="100px"><Typography.Text strong>{group}</Typography.Text></Col>
                <Col flex="auto">
                  <Checkbox.Group
                    aria-label={`${role.roleName}-${group}`}
                    disabled={!editable}
                    value={(draft[role.roleCode] ?? []).filter((c) => perms.some((p) => p.code === c))}
                    onChange={(vals) => setDraft((d) => {
                      const others = (d[role.roleCode] ?? []).filter((c) => !perms.some((p) => p.code === c));
                      return { ...d, [role.roleCode]: [...others, ...(vals as string[])] };
                    })}
                    options={perms.map((p) => ({ value: p.code, label: p.name }))}
                  />
                </Col>
              </Row>
            ))}
          </Card>
        );
      })}
    </Space>
  );
}

/** 任课与权限: teacher–course–class relations, leaders, and the business permissions of teacher roles. */
export default function SchoolManaPerson() {
  useFeedback();
  const { has, loaded } = usePermissions();
  const items = [
    ...(has('school:duty:view') ? [{ key: 'duty', label: '任课关系', children: <DutyTab canEdit={has('school:duty:edit')} canImport={has('school:duty:edit')} canEditLeaders={has('school:duty:edit') && has('school:permission:edit')} /> }] : []),
    ...(has('school:permission:view') ? [{ key: 'permission', label: '角色权限', children: <RolePermissionTab canEdit={has('school:permission:edit')} /> }] : []),
    ...(has('school:permission:view') ? [{ key: 'student', label: '学生端', children: <StudentRankSettings canEdit={has('school:permission:edit')} /> }] : []),
    ...(has('school:permission:edit') ? [{ key: 'assistant', label: 'AI 助手', children: <AssistantSettings /> }] : []),
  ];
  if (loaded && !items.length) return <Empty description="无权限访问" />;
  return <Tabs destroyOnHidden items={items} />;
}
