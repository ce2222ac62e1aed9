import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ContentOutlet } from '@/components/ContentOutlet';
import { DefaultLogo } from '@/components/DefaultLogo';
import { AssistantDrawer } from '@/components/assistant/AssistantDrawer';

/** Full-screen pages (marking, card making, monitor charts, demos): a slim bar with AI 助手, 返回 and the page. */
export default function BlankLayout() {
  const navigate = useNavigate();
  return (
    <div className="jz-blank">
      <div className="jz-blank-bar">
        <DefaultLogo size={24} />
        <span className="jz-blank-title">大数据精准教学诊断平台</span>
        <AssistantDrawer trigger="bar" />
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/examMarking'))}>返回</Button>
      </div>
      <div className="jz-blank-main">
        <ContentOutlet full />
      </div>
    </div>
  );
}
