import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Layout, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { studentInfo, studentLogout } from '@/api/auth';
import { DefaultLogo } from '@/components/DefaultLogo';
import { AppFooter } from '@/layouts/AppFooter';
import { studentTokenStore } from '@/utils/request';

/** Fields of GET /studentApi/v1/user/info shown when present, in this order. */
const FIELDS: Array<[string[], string]> = [
  [['studentName', 'name', 'userName'], '姓名'],
  [['studentNo', 'studentCode', 'loginId', 'username'], '学号'],
  [['gender', 'sex'], '性别'],
  [['schoolName'], '学校'],
  [['gradeName'], '年级'],
  [['className'], '班级'],
  [['registrationType', 'registrationTypeName'], '学籍类型'],
];

/** The logged-in student's information; released reports will be listed here. */
export default function StudentHomePage() {
  const navigate = useNavigate();
  const [info, setInfo] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const leaving = useRef(false);

  useEffect(() => {
    let alive = true;
    studentInfo()
      .then((res) => {
        if (!alive) return;
        if (res.code === 200) setInfo(res.data ?? {});
        else if (res.code !== 401) setError(res.msg || '获取学生信息失败');
      })
      .catch(() => alive && setError('获取学生信息失败，请检查网络连接'))
      .finally(() => alive && setLoading(false));
    return () => { alive = false; };
  }, []);

  const logout = async () => {
    if (leaving.current) return;
    leaving.current = true;
    try { await studentLogout(); } catch { /* ignored */ }
    studentTokenStore.clear();
    navigate('/studentLogin', { replace: true });
  };

  const pick = (keys: string[]) => {
    for (const k of keys) {
      const v = info?.[k];
      if (v !== undefined && v !== null && v !== '') return String(v);
    }
    return undefined;
  };
  const rows = FIELDS.map(([keys, label]) => ({ label, value: pick(keys) })).filter((r) => r.value !== undefined);

  return (
    <Layout className="jz-layout">
      <Layout.Header className="jz-header">
        <div className="jz-brand">
          <DefaultLogo />
          <span className="jz-brand-title">大数据精准教学诊断平台</span>
          <span className="jz-brand-sub">学生中心</span>
        </div>
        <div style={{ flex: 1 }} />
        <Button onClick={logout}>退出登录</Button>
      </Layout.Header>
      <Layout.Content className="jz-content" style={{ maxWidth: 1000, width: '100%', margin: '0 auto' }}>
        <Card title="我的信息" style={{ marginBottom: 16 }}>
          {loading ? <Skeleton active /> : error ? <Alert type="error" showIcon title={error} /> : rows.length ? (
            <Descriptions column={{ xs: 1, sm: 2, md: 3 }} items={rows.map((r) => ({ key: r.label, label: r.label, children: r.value }))} />
          ) : <Empty description="暂无学生信息" />}
        </Card>
        <Card title="我的报告">
          <Empty description="学校发布的成绩与分析报告将在这里显示" />
        </Card>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
