import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Unknown path. */
export default function NotFound() {
  const navigate = useNavigate();
  return (
    <Result status="404" title="404" subTitle="页面不存在"
      extra={<Button type="primary" onClick={() => navigate('/examMarking')}>返回首页</Button>} />
  );
}
