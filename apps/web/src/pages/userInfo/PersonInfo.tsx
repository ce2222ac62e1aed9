import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { findMyCourseData, findMyInfo, type MyCourseData, type PersonInfo as Info, type RoleInfo } from '@/api/users';
import { loadData, useFeedback } from '@/components/table';
import { BindEmailDialog, ChangePasswordDialog } from '@/components/dialogs';
import { AccountBindingsCard } from '@/components/AccountBindingsCard';

type DialogName = 'changePassword' | 'bindEmail';

/** 个人信息: own profile, roles and teaching assignments, 修改密码 / 绑定邮箱. */
export default function PersonInfo() {
  useFeedback();
  const [info, setInfo] = useState<Info | null>(null);
  const [course, setCourse] = useState<MyCourseData | null>(null);
  const [loading, setLoading] = useState(true);
  const [dialog, setDialog] = useState<DialogName | null>(null);

  const load = async () => {
    setLoading(true);
    const [i, c] = await Promise.all([loadData(findMyInfo(), null), loadData(findMyCourseData(), null)]);
    setInfo(i);
    setCourse(c);
    setLoading(false);
  };
  useEffect(() => { load(); }, []);

  const open = (name: DialogName) => setDialog(name);
  const close = () => setDialog(null);

  const roles = course?.roles ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="个人信息"
        loading={loading}
        extra={
          <Space>
            <Button icon={<LockOutlined />} onClick={() => open('changePassword')}>修改密码</Button>
            <Button icon={<MailOutlined />} onClick={() => open('bindEmail')}>绑定邮箱</Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label="账号">{info?.loginId ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="姓名">{info?.userName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{info?.userEmail || '暂未绑定邮箱'}</Descriptions.Item>
          <Descriptions.Item label="手机号">{info?.phone || '-'}</Descriptions.Item>
          <Descriptions.Item label="学校">{info?.schoolName || '-'}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {info?.roleNames?.length ? info.roleNames.map((r) => <Tag key={r} color="blue">{r}</Tag>) : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <AccountBindingsCard />
      <Card title="我的任课" loading={loading}>
        <Table<RoleInfo & { key: number }>
          rowKey="key"
          size="middle"
          pagination={false}
          dataSource={roles.map((r, i) => ({ ...r, key: i }))}
          locale={{ emptyText: '暂无任课信息' }}
          columns={[
            { title: '角色', dataIndex: 'roleName' },
            { title: '年级', dataIndex: 'gradeName', render: (v) => v || '-' },
            { title: '班级', dataIndex: 'className', render: (v) => v || '-' },
            { title: '学科', dataIndex: 'courseName', render: (v) => v || '-' },
          ]}
        />
      </Card>
      {dialog === 'changePassword' && <ChangePasswordDialog open onClose={close} onSuccess={close} />}
      {dialog === 'bindEmail' && <BindEmailDialog open onClose={() => { close(); load(); }} email={info?.userEmail ?? null} userId={info?.id} />}
    </Space>
  );
}
