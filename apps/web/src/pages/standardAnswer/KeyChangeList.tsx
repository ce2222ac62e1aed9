import { Table, Typography } from 'antd';
import type { KeyChangePreview } from '@/api/standardAnswer';

/** What a key correction of a released exam changes (the api's 409 answer), shown before the user confirms. */
export function KeyChangeList({ message, preview }: { message: string; preview: KeyChangePreview }) {
  return (
    <div data-testid="key-change-preview">
      <Typography.Paragraph>{message}</Typography.Paragraph>
      <Table size="small" rowKey="no" pagination={false} dataSource={preview.questions}
        columns={[
          { title: '题号', dataIndex: 'no', width: 70 },
          { title: '原答案', dataIndex: 'from' },
          { title: '新答案', dataIndex: 'to' },
          { title: '改变的得分', dataIndex: 'scores', width: 100 },
        ]} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>改变的每个得分都会记入“成绩更正”，可随时查看。</Typography.Paragraph>
    </div>
  );
}
