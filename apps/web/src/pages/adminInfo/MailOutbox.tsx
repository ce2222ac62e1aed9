import { Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { findSysOutbox, type OutboxMail } from '@/api/admin';
import { SearchTable, useTable } from '@/components/table';

/**
 * 发件箱 of the platform administrator: every mail kept while no SMTP server is configured, verification codes
 * included (a school's own outbox never shows codes; docs/DECISIONS.md).
 */
export default function MailOutbox() {
  const table = useTable<OutboxMail>((q) => findSysOutbox(q));
  const columns: TableColumnsType<OutboxMail> = [
    { title: '收件人', dataIndex: 'to', width: 220 },
    { title: '主题', dataIndex: 'subject', width: 260 },
    { title: '内容', dataIndex: 'body' },
    { title: '时间', dataIndex: 'createdAt', width: 180, render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }) },
  ];
  return (
    <SearchTable<OutboxMail>
      table={table}
      rowKey="id"
      columns={columns}
      title="发件箱（未配置 SMTP 时的邮件）"
      searchFields={<Form.Item name="email" label="收件人"><Input allowClear placeholder="邮箱" style={{ width: 220 }} /></Form.Item>}
    />
  );
}
