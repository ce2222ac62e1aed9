import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ExamList } from './ExamList';

/** /examMarking/analysisMana: exam analysis management; kept alive (filters, page) when navigated away. */
export default function AnalysisMana() {
  const navigate = useNavigate();
  return (
    <ExamList title="分析管理" keepAliveKey="analysisMana"
      extra={<Button icon={<SettingOutlined />} onClick={() => navigate('/analyzeManageSystemSettings/systemSetting')}>学校分析默认设置</Button>} />
  );
}
