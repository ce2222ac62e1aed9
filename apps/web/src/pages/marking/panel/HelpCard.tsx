import { Card } from 'antd';
import { KEY_HELP } from './scoring';

/** The keys of keyboard-only marking (toggled with ?). */
export function HelpCard({ onClose }: { onClose: () => void }) {
  return (
    <Card size="small" title="快捷键" data-testid="help-card" extra={<a onClick={onClose}>关闭</a>}
      style={{ position: 'fixed', right: 24, bottom: 24, width: 380, zIndex: 1000, boxShadow: '0 4px 16px rgba(0,0,0,.2)' }}>
      <table style={{ width: '100%' }}>
        <tbody>
          {KEY_HELP.map((k) => (
            <tr key={k.keys}><td style={{ whiteSpace: 'nowrap', paddingRight: 12 }}><kbd>{k.keys}</kbd></td><td>{k.action}</td></tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
