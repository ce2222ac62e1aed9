import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Dropdown, Empty, Form, Input, InputNumber, Modal, Radio, Select, Space, Spin, Tag, Tree } from 'antd';
import type { TableColumnsType, TreeDataNode } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExportOutlined, MoreOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { CLASS_TYPES, classFullName, GENDERS, REGISTRATION_TYPES } from '@jz/shared';
import {
  batchAddClass, deleteClass, deleteStudents, findClassTree, findRegistrationTypes, findStudentPage, moveClassSort, saveStudent, updateClass, updateStudent,
  type ClassNode, type GradeNode, type Id, type Student,
} from '@/api/school';
import { downClassStuTemplate, exportClassStudent, importClassStudent } from '@/api/excel';
import { feedbackMessage, ImportButton, loadData, runAction, runDownload, SearchTable, useFeedback, useTable } from '@/components/table';
import { usePermissions } from './usePermissions';

type Selection = { gradeId?: Id; classId?: Id };
type ClassDialog = { kind: 'batchAdd'; grade: GradeNode } | { kind: 'rename'; cls: ClassNode; grade: GradeNode };
type StudentDialog = { kind: 'edit'; student?: Student } | { kind: 'move'; students: Student[] };

/** State of the class tree (left side). */
function useClassTree() {
  const [tree, setTree] = useState<GradeNode[]>([]);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    const data = await loadData(findClassTree(), [] as GradeNode[]);
    setTree(Array.isArray(data) ? data.map((g) => ({ ...g, classes: g.classes ?? [] })) : []);
    setLoading(false);
  };
  useEffect(() => { load(); }, []);
  return { tree, loading, load };
}

/** 班级学生: class tree on the left, students of the chosen grade/class on the right. */
export default function SchoolClassStudent() {
  useFeedback();
  const { has } = usePermissions();
  const canEditClass = has('school:class:edit');
  const canEditStudent = has('school:student:edit');
  const canImport = has('school:student:import');
  const canExport = has('school:student:export');

  const { tree, loading: treeLoading, load: loadTree } = useClassTree();
  const [sel, setSel] = useState<Selection>({});
  const [regTypes, setRegTypes] = useState<string[]>([...REGISTRATION_TYPES]);
  const table = useTable<Student>((q) => findStudentPage(q));
  const [classDialog, setClassDialog] = useState<ClassDialog | null>(null);
  const [studentDialog, setStudentDialog] = useState<StudentDialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [classForm] = Form.useForm();
  const [studentForm] = Form.useForm();

  useEffect(() => {
    loadData(findRegistrationTypes(), [] as unknown[]).then((list) => {
      const names = (Array.isArray(list) ? list : []).map((x) => (typeof x === 'string' ? x : String((x as { name?: string; label?: string }).name ?? (x as { label?: string }).label ?? ''))).filter(Boolean);
      if (names.length) setRegTypes(names);
    });
  }, []);

  const refreshAll = () => { loadTree(); table.reload(); };
  const select = (s: Selection) => { setSel(s); table.search({ gradeId: s.gradeId, classId: s.classId }); };

  const classOptions = useMemo(() => tree.map((g) => ({
    label: g.name,
    title: g.name,
    options: g.classes.map((c) => ({ value: c.id, label: classFullName(g.name, c.name) })),
  })), [tree]);

  /* ---------- class commands ---------- */
  const moveClass = async (grade: GradeNode, cls: ClassNode, delta: number) => {
    const idx = grade.classes.findIndex((c) => c.id === cls.id);
    const target = idx + delta;
    if (target < 0 || target >= grade.classes.length) return;
    if (await runAction(moveClassSort({ id: cls.id, sort: target + 1 }))) loadTree();
  };
  const removeClass = (grade: GradeNode, cls: ClassNode) => Modal.confirm({
    title: '提示',
    content: `确认删除班级「${classFullName(grade.name, cls.name)}」吗？${cls.studentCount ? `该班有 ${cls.studentCount} 名学生。` : ''}`,
    okText: '确定', cancelText: '取消',
    onOk: async () => {
      if (await runAction(deleteClass(cls.id))) {
        if (sel.classId === cls.id) select({ gradeId: grade.id }); else table.reload();
        loadTree();
      }
    },
  });
  const submitClass = async () => {
    if (!classDialog) return;
    const v = await classForm.validateFields();
    setSaving(true);
    const ok = classDialog.kind === 'batchAdd'
      ? await runAction(batchAddClass({ gradeId: classDialog.grade.id, count: v.count, classType: v.classType }))
      : await runAction(updateClass({ id: classDialog.cls.id, name: v.name.trim(), classType: v.classType }));
    setSaving(false);
    if (ok) { setClassDialog(null); refreshAll(); }
  };

  /* ---------- student commands ---------- */
  const removeStudents = (list: Student[]) => Modal.confirm({
    title: '提示',
    content: list.length === 1 ? `确认删除学生「${list[0].name}」吗？` : `确认删除选中的 ${list.length} 名学生吗？`,
    okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteStudents(list.map((s) => s.id)))) refreshAll(); },
  });
  const submitStudent = async () => {
    if (!studentDialog) return;
    const v = await studentForm.validateFields();
    setSaving(true);
    let ok: boolean;
    if (studentDialog.kind === 'edit') {
      ok = !!(await runAction(saveStudent({
        id: studentDialog.student?.id, classId: v.classId, name: v.name.trim(), admissionNo: v.admissionNo.trim(), gender: v.gender, registrationType: v.registrationType,
      })));
    } else {
      let failed = 0;
      for (const s of studentDialog.students) {
        const r = await runAction(updateStudent({ id: s.id, classId: v.classId, name: s.name, admissionNo: s.admissionNo, gender: s.gender, registrationType: s.registrationType }), { silentSuccess: studentDialog.students.length > 1 });
        if (!r) failed++;
      }
      ok = failed === 0;
      if (studentDialog.students.length > 1 && ok) feedbackMessage().success(`已调班 ${studentDialog.students.length} 名学生`);
    }
    setSaving(false);
    if (ok) { setStudentDialog(null); refreshAll(); }
  };
  const selectedStudents = table.records.filter((r) => table.selectedRowKeys.includes(r.id as React.Key));
  const exportParams = () => ({ ...table.params, gradeId: sel.gradeId, classId: sel.classId });

  /* ---------- tree ---------- */
  const treeData: TreeDataNode[] = tree.map((g) => ({
    key: `g-${g.id}`,
    title: (
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 4 }}>
        <span>{g.name}<span style={{ color: '#999' }}>（{g.studentCount ?? g.classes.reduce((n, c) => n + (c.studentCount ?? 0), 0)}人）</span></span>
        {canEditClass && (
          <Button size="small" type="text" icon={<PlusOutlined />} aria-label={`${g.name}添加班级`} title="添加班级"
            onClick={(e) => { e.stopPropagation(); setClassDialog({ kind: 'batchAdd', grade: g }); }} />
        )}
      </div>
    ),
    children: g.classes.map((c, i) => ({
      key: `c-${c.id}`,
      isLeaf: true,
      title: (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 4 }}>
          <span>
            {c.name}<span style={{ color: '#999' }}>（{c.studentCount ?? 0}人）</span>
            {c.headTeacherName && <span style={{ color: '#999', fontSize: 12 }} title="班主任"> {c.headTeacherName}</span>}
            {c.classType && c.classType !== CLASS_TYPES[0] && <Tag style={{ marginLeft: 4 }}>{c.classType}</Tag>}
          </span>
          {canEditClass && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'rename', label: '编辑' },
                  { key: 'up', label: '上移', disabled: i === 0 },
                  { key: 'down', label: '下移', disabled: i === g.classes.length - 1 },
                  { type: 'divider' },
                  { key: 'delete', label: '删除', danger: true },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  if (key === 'rename') setClassDialog({ kind: 'rename', cls: c, grade: g });
                  if (key === 'up') moveClass(g, c, -1);
                  if (key === 'down') moveClass(g, c, 1);
                  if (key === 'delete') removeClass(g, c);
                },
              }}
            >
              <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`${c.name}操作`} onClick={(e) => e.stopPropagation()} />
            </Dropdown>
          )}
        </div>
      ),
    })),
  }));
  const selectedKey = sel.classId != null ? `c-${sel.classId}` : sel.gradeId != null ? `g-${sel.gradeId}` : undefined;
  const onDrop: React.ComponentProps<typeof Tree>['onDrop'] = async (info) => {
    const dragKey = String(info.dragNode.key), dropKey = String(info.node.key);
    if (!dragKey.startsWith('c-') || !dropKey.startsWith('c-')) return;
    const grade = tree.find((g) => g.classes.some((c) => `c-${c.id}` === dragKey));
    if (!grade || !grade.classes.some((c) => `c-${c.id}` === dropKey)) { Modal.warning({ title: '提示', content: '只能在同一年级内调整班级顺序' }); return; }
    const from = grade.classes.findIndex((c) => `c-${c.id}` === dragKey);
    let to = grade.classes.findIndex((c) => `c-${c.id}` === dropKey) + (info.dropToGap ? 1 : 0);
    if (from < to) to -= 1;
    if (to === from) return;
    if (await runAction(moveClassSort({ id: grade.classes[from].id, sort: Math.max(0, to) + 1 }))) loadTree();
  };

  const columns: TableColumnsType<Student> = [
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '学籍号', dataIndex: 'admissionNo', width: 140 },
    { title: '性别', dataIndex: 'gender', width: 70 },
    { title: '年级', dataIndex: 'gradeName', width: 90, render: (v) => v || '-' },
    { title: '班级', dataIndex: 'className', width: 100, render: (v) => v || '-' },
    { title: '学籍类型', dataIndex: 'registrationType', width: 100 },
  ];
  if (canEditStudent) {
    columns.push({
      title: '操作', width: 180, fixed: 'right',
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setStudentDialog({ kind: 'edit', student: s })}>编辑</Button>
          <Button type="link" size="small" onClick={() => setStudentDialog({ kind: 'move', students: [s] })}>调班</Button>
          <Button type="link" size="small" danger onClick={() => removeStudents([s])}>删除</Button>
        </Space>
      ),
    });
  }

  const studentInit = studentDialog?.kind === 'edit'
    ? (studentDialog.student
      ? { ...studentDialog.student }
      : { classId: sel.classId, gender: GENDERS[0], registrationType: regTypes[0] })
    : { classId: undefined };

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Card size="small" title="班级" style={{ width: 280, flex: 'none' }} styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' } }}
        extra={<Button type="link" size="small" onClick={() => select({})}>全部学生</Button>}>
        <Spin spinning={treeLoading}>
          {tree.length ? (
            <Tree
              blockNode
              defaultExpandAll
              key={tree.length}
              draggable={canEditClass ? { icon: false, nodeDraggable: (n) => String(n.key).startsWith('c-') } : false}
              onDrop={onDrop}
              treeData={treeData}
              selectedKeys={selectedKey ? [selectedKey] : []}
              onSelect={(keys) => {
                const k = String(keys[0] ?? '');
                if (!k) return select({});
                const id = k.slice(2);
                if (k.startsWith('g-')) select({ gradeId: tree.find((g) => String(g.id) === id)?.id });
                else {
                  const g = tree.find((x) => x.classes.some((c) => String(c.id) === id));
                  select({ gradeId: g?.id, classId: g?.classes.find((c) => String(c.id) === id)?.id });
                }
              }}
            />
          ) : <Empty description="暂无年级，请先在「年级学科」中新增年级" />}
        </Spin>
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <SearchTable<Student>
          table={table}
          rowKey="id"
          columns={columns}
          selectable={canEditStudent}
          scroll={{ x: 800 }}
          title="学生列表"
          searchFields={
            <>
              <Form.Item name="keyword" label="关键字"><Input allowClear placeholder="姓名/学籍号" style={{ width: 180 }} /></Form.Item>
              <Form.Item name="registrationType" label="学籍类型">
                <Select allowClear placeholder="全部" style={{ width: 120 }} options={regTypes.map((t) => ({ value: t, label: t }))} />
              </Form.Item>
            </>
          }
          toolbar={
            <>
              {canEditStudent && <Button type="primary" icon={<PlusOutlined />} onClick={() => setStudentDialog({ kind: 'edit' })}>新增学生</Button>}
              {canEditStudent && <Button icon={<SwapOutlined />} disabled={!selectedStudents.length} onClick={() => setStudentDialog({ kind: 'move', students: selectedStudents })}>批量调班</Button>}
              {canEditStudent && <Button danger icon={<DeleteOutlined />} disabled={!selectedStudents.length} onClick={() => removeStudents(selectedStudents)}>批量删除</Button>}
              {canImport && <ImportButton upload={importClassStudent} onDone={refreshAll} />}
              {canImport && <Button icon={<DownloadOutlined />} onClick={() => runDownload(downClassStuTemplate(), '班级学生导入模板.xlsx')}>下载模板</Button>}
              {canExport && <Button icon={<ExportOutlined />} onClick={() => runDownload(exportClassStudent(exportParams()), '班级学生.xlsx')}>导出</Button>}
            </>
          }
        />
      </div>

      <Modal
        title={classDialog?.kind === 'batchAdd' ? `添加班级 - ${classDialog.grade.name}` : '编辑班级'}
        open={!!classDialog}
        maskClosable={false}
        confirmLoading={saving}
        onOk={submitClass}
        onCancel={() => setClassDialog(null)}
        okText="保存" cancelText="取消"
        destroyOnHidden
      >
        {classDialog && (
          <Form form={classForm} name="classForm" layout="vertical" preserve={false}
            initialValues={classDialog.kind === 'batchAdd' ? { count: 1, classType: CLASS_TYPES[0] } : { name: classDialog.cls.name, classType: classDialog.cls.classType ?? CLASS_TYPES[0] }}>
            {classDialog.kind === 'batchAdd' ? (
              <Form.Item name="count" label="班级数量" extra={`将在现有 ${classDialog.grade.classes.length} 个班级之后依次编号`}
                rules={[{ required: true, message: '请输入班级数量' }, { type: 'integer', min: 1, max: 30, message: '一次可添加1~30个班级' }]}>
                <InputNumber min={1} max={30} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ) : (
              <Form.Item name="name" label="班级名称" rules={[{ required: true, whitespace: true, message: '请输入班级名称' }, { max: 20, message: '班级名称最多20个字' }]}>
                <Input placeholder="如 1班" />
              </Form.Item>
            )}
            <Form.Item name="classType" label="班级类型" rules={[{ required: true, message: '请选择班级类型' }]}>
              <Radio.Group options={CLASS_TYPES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
          </Form>
        )}
      </Modal>

      <Modal
        title={studentDialog?.kind === 'move' ? '调班' : studentDialog?.student ? '编辑学生' : '新增学生'}
        open={!!studentDialog}
        maskClosable={false}
        confirmLoading={saving}
        onOk={submitStudent}
        onCancel={() => setStudentDialog(null)}
        okText="保存" cancelText="取消"
        destroyOnHidden
      >
        {studentDialog && (
          <Form form={studentForm} name="studentForm" layout="vertical" preserve={false} initialValues={studentInit}>
            {studentDialog.kind === 'move' && (
              <p>将 {studentDialog.students.map((s) => s.name).join('、')} 调至：</p>
            )}
            {studentDialog.kind === 'edit' && (
              <>
                <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 30, message: '姓名不能超过30个字符' }]}>
                  <Input placeholder="请输入姓名" />
                </Form.Item>
                <Form.Item name="admissionNo" label="学籍号" rules={[{ required: true, whitespace: true, message: '请输入学籍号' }, { pattern: /^[0-9A-Za-z-]{1,30}$/, message: '学籍号只能包含数字、字母和短横线，最多30位' }]}>
                  <Input placeholder="请输入学籍号" />
                </Form.Item>
                <Form.Item name="gender" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
                  <Radio.Group options={GENDERS.map((g) => ({ value: g, label: g }))} />
                </Form.Item>
                <Form.Item name="registrationType" label="学籍类型" rules={[{ required: true, message: '请选择学籍类型' }]}>
                  <Select placeholder="请选择学籍类型" options={regTypes.map((t) => ({ value: t, label: t }))} />
                </Form.Item>
              </>
            )}
            <Form.Item name="classId" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
              <Select placeholder="请选择班级" showSearch={{ optionFilterProp: 'label' }} options={classOptions} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </div>
  );
}
