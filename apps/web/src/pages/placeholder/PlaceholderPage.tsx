import { Card, Empty, Typography } from 'antd';

export interface PlaceholderPageProps { title: string }

/** A route whose feature comes in a later version: its title and a notice, never made-up data. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <Card variant="borderless" className="jz-placeholder" style={{ minHeight: 360 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>{title}</Typography.Title>
      <Empty style={{ marginTop: 64 }} description="该功能将在后续版本提供" />
    </Card>
  );
}

export default PlaceholderPage;
