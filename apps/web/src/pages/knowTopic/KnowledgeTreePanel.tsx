import { useState } from 'react';
import { Button, Input, Modal, Space, Tree, Upload, message } from 'antd';
import { deletePoint, exportTree, importTree, savePoint, type KnowledgeNodeOut } from '@/api/questionBank';
import { saveBlob } from '@/utils/request';

type TreeItem = { key: number; title: string; children: TreeItem[] };
const toItems = (nodes: KnowledgeNodeOut[]): TreeItem[] => nodes.map((n) => ({ key: n.id, title: `${n.name}（${n.questions}）`, children: toItems(n.children) }));
const find = (nodes: KnowledgeNodeOut[], id: number): KnowledgeNodeOut | undefined => {
  for (const n of nodes) { if (n.id === id) return n; const c = find(n.children, id); if (c) return c; }
  return undefined;
};

/** The course's knowledge-point tree: picks the filter; its editors add, rename, delete, import and export. */
export function KnowledgeTreePanel({ courseCode, nodes, editable, selected, onSelect, onChanged }: {
  courseCode: string; nodes: KnowledgeNodeOut[]; editable: boolean; selected?: number; onSelect: (id?: number) => void; onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<null | { mode: 'add' | 'rename'; parentId: number | null }>(null);
  const current = selected ? find(nodes, selected) : undefined;

  const submit = async () => {
    if (!dialog) return;
    const body = dialog.mode === 'rename' && current
      ? { id: current.id, courseCode, parentId: current.parentId, name, sort: current.sort }
      : { courseCode, parentId: dialog.parentId, name };
    const r = await savePoint(body);
    if (r.code === 200) { message.success('保存成功'); setDialog(null); onChanged(); }
  };
  const remove = () => current && Modal.confirm({
    title: `删除知识点“${current.name}”？`, content: '其下级知识点一并删除，试题保留。', okText: '删除', cancelText: '取消',
    onOk: async () => { const r = await deletePoint(current.id); if (r.code === 200) { onSelect(undefined); onChanged(); } },
  });
  const download = async () => {
    const r = await exportTree(courseCode);
    if ('blob' in r) saveBlob(r.blob, r.filename);
  };
  const upload = async (file: File) => {
    const r = await importTree(courseCode, file);
    if (r.code === 200) { message.success(`导入成功：新增 ${r.data.created} 个知识点`); onChanged(); }
    else if (r.data && 'errors' in (r.data as object)) {
      const errors = (r.data as unknown as { errors: { row: number; column: string; reason: string }[] }).errors;
      Modal.error({ title: r.msg, content: errors.slice(0, 20).map((e) => <div key={`${e.row}${e.column}`}>第{e.row}行 {e.column}列：{e.reason}</div>) });
    }
    return false;
  };

  return (
    <div data-testid="knowledge-tree">
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" type={selected ? 'default' : 'primary'} onClick={() => onSelect(undefined)}>全部知识点</Button>
        {editable && <>
          <Button size="small" onClick={() => { setName(''); setDialog({ mode: 'add', parentId: current?.id ?? null }); }}>{current ? '添加下级' : '添加知识点'}</Button>
          <Button size="small" disabled={!current} onClick={() => { setName(current!.name); setDialog({ mode: 'rename', parentId: current!.parentId }); }}>重命名</Button>
          <Button size="small" danger disabled={!current} onClick={remove}>删除</Button>
          <Upload accept=".xlsx" showUploadList={false} beforeUpload={(f) => upload(f)}><Button size="small">导入</Button></Upload>
        </>}
        <Button size="small" onClick={() => void download()}>导出</Button>
      </Space>
      {nodes.length ? (
        <Tree treeData={toItems(nodes)} defaultExpandAll selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)} />
      ) : <div style={{ color: '#999' }}>本学科还没有知识点</div>}
      <Modal open={!!dialog} title={dialog?.mode === 'rename' ? '重命名知识点' : '添加知识点'} okText="保存" cancelText="取消"
        onOk={() => void submit()} onCancel={() => setDialog(null)} destroyOnHidden>
        <Input aria-label="知识点名称" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} onPressEnter={() => void submit()} placeholder="知识点名称" />
      </Modal>
    </div>
  );
}
