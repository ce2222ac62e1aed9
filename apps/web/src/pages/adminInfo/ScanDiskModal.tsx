import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, InputNumber, Modal, Progress, Space, Spin, Typography, message } from 'antd';
import { scanDiskBody, type ScanDisk } from '@jz/shared/api/admin';
import { formatGb } from '@jz/shared/format';
import { getScanDisk, setScanDisk } from '@/api/admin';
import type { AdminSchool } from '@/api/admin';

/**
 * The modal's state: the school's usage and budget, the budget being typed (GB; empty = the platform's default),
 * its refusal (the server's own rule, scanDiskBody), saving.
 */
function useScanDisk(schoolId: AdminSchool['id']) {
  const [disk, setDisk] = useState<ScanDisk>();
  const [gb, setGbValue] = useState<number | null>(null);
  const [invalid, setInvalid] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const setGb = (v: number | null) => { setGbValue(v); setInvalid(''); };
  const show = (d: ScanDisk) => { setDisk(d); setGb(d.custom ? Math.round(d.quotaBytes / 1024 ** 3) : null); };
  useEffect(() => {
    void getScanDisk(schoolId).then((r) => (r.code === 200 ? show(r.data) : setError(r.msg))).catch(() => setError('获取失败，请检查网络连接'));
  }, [schoolId]);
  const save = async (value: number | null) => {
    const check = scanDiskBody.safeParse({ quotaGb: value });
    if (!check.success) { setInvalid(check.error.issues[0]?.message ?? '空间大小不正确'); return; }
    setSaving(true);
    try {
      const r = await setScanDisk(schoolId, value);
      if (r.code === 200) { show(r.data); message.success('保存成功'); } else message.error(r.msg);
    } catch { message.error('保存失败，请检查网络连接'); } finally { setSaving(false); }
  };
  return { disk, gb, setGb, invalid, error, saving, save };
}

/** 扫描空间 of a school (platform administrator): stored scan uploads against the school's budget, and the budget. */
export function ScanDiskModal({ school, onClose }: { school: AdminSchool; onClose: () => void }) {
  const s = useScanDisk(school.id);
  const d = s.disk;
  const percent = d ? Math.min(100, Math.round((d.usedBytes / d.quotaBytes) * 1000) / 10) : 0;
  return (
    <Modal title={`扫描存储空间 - ${school.name}`} open width={560} maskClosable={false} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>关闭</Button>}>
      {s.error && <Alert type="error" showIcon title={s.error} />}
      {!d && !s.error && <Spin />}
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="已用空间">{formatGb(d.usedBytes)}</Descriptions.Item>
            <Descriptions.Item label="空间上限">{`${formatGb(d.quotaBytes)}${d.custom ? '' : '（平台默认）'}`}</Descriptions.Item>
          </Descriptions>
          <Progress percent={percent} status={d.usedBytes >= d.quotaBytes ? 'exception' : 'normal'} aria-label="空间使用率" />
          {d.usedBytes >= d.quotaBytes && <Alert type="warning" showIcon title="已用空间达到上限：该校新的答题卡扫描上传将被拒绝，请提高上限或让学校删除不需要的批次。" />}
          <Space wrap>
            <span>空间上限（GB）</span>
            <InputNumber aria-label="空间上限（GB）" placeholder={`留空为平台默认 ${Math.round(d.defaultBytes / 1024 ** 3)}`} style={{ width: 180 }}
              status={s.invalid ? 'error' : undefined} value={s.gb} onChange={(v) => s.setGb(v)} />
            <Button type="primary" loading={s.saving} onClick={() => void s.save(s.gb)}>保存</Button>
            {d.custom && <Button disabled={s.saving} onClick={() => void s.save(null)}>{`恢复默认（${formatGb(d.defaultBytes)}）`}</Button>}
          </Space>
          {s.invalid && <Typography.Text type="danger" role="alert">{s.invalid}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}
