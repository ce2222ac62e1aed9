import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { subjectCountLabel } from '@jz/shared';
import type { ExamSubject } from '@/api/exam';
import type { SettingFamily } from '@/api/examSetting';

/**
 * The form of each analysis-settings family (考试设置 and 学校分析默认设置): fields, and the conversion between the stored
 * value (shares 0..1, lists) and what the form shows (percentages, comma-separated text).
 */
type Values = Record<string, any>;

const pct = (x: number) => Math.round(x * 10000) / 100;
const unpct = (x: number) => Math.round(Number(x) * 100) / 10000;
const parseList = (s: string) => String(s ?? '').split(/[,，、\s]+/).filter(Boolean).map(Number);
const listRule = { validator: (_: unknown, v: string) => (parseList(v).length && parseList(v).every((n) => Number.isInteger(n) && n > 0) ? Promise.resolve() : Promise.reject(new Error('请输入正整数，用逗号分隔'))) };

/** Stored value → form values. */
export function toForm(family: SettingFamily, v: any): Values {
  switch (family) {
    case 'rates': return { label: v.label, levels: v.levels.map((l: any) => ({ ...l, threshold: pct(l.threshold) })) };
    case 'rankSegment': return { bounds: v.bounds.join(', ') };
    case 'nRank': return { values: v.values.join(', ') };
    case 'onlineLines': return { lines: v.lines.map((l: any) => ({ name: l.name, kind: l.score != null ? 'score' : 'share', amount: l.score != null ? l.score : pct(l.share) })) };
    case 'studyLevel': return { levels: v.levels.map((l: any) => ({ ...l, share: pct(l.share) })) };
    default: return structuredClone(v);
  }
}

/** Form values → the value sent to systemConfig/update (or systemSettings/update). */
export function fromForm(family: SettingFamily, f: Values): unknown {
  switch (family) {
    case 'rates': return { label: f.label, levels: f.levels.map((l: any) => ({ key: l.key, name: String(l.name).trim(), threshold: unpct(l.threshold) })) };
    case 'rankSegment': return { bounds: parseList(f.bounds) };
    case 'nRank': return { values: parseList(f.values) };
    case 'onlineLines': return { lines: (f.lines ?? []).map((l: any) => (l.kind === 'score' ? { name: String(l.name).trim(), score: Number(l.amount) } : { name: String(l.name).trim(), share: unpct(l.amount) })) };
    case 'studyLevel': return { levels: f.levels.map((l: any) => ({ name: String(l.name).trim(), share: unpct(l.share), high: Number(l.high), low: Number(l.low) })) };
    case 'subjectCombos': return { combos: f.combos.map((c: any) => ({ name: String(c.name).trim(), courseCodes: c.courseCodes ?? [] })) };
    default: return f;
  }
}

const req = (message: string) => [{ required: true, message }];

/** The form fields of one family. */
export function FamilyFields({ family, subjects, disabled }: { family: SettingFamily; subjects: ExamSubject[]; disabled: boolean }) {
  const form = Form.useFormInstance();
  const combos = Form.useWatch('combos', form) as { courseCodes?: string[] }[] | undefined;
  const levels = Form.useWatch('levels', form) as { share?: number }[] | undefined;
  switch (family) {
    case 'rates':
      return (
        <>
          <Form.Item name="label" label="统计口径" extra="四率：优秀、良好、及格、低分；五率另加高分。比例为得分占满分的比例，低分为低于该比例。">
            <Radio.Group options={[{ value: '四率', label: '四率' }, { value: '五率', label: '五率' }]} />
          </Form.Item>
          <Form.List name="levels">
            {(fields) => fields.map((f) => {
              const key = form.getFieldValue(['levels', f.name, 'key']);
              const def = { high: '高分', excellent: '优秀', good: '良好', pass: '及格', low: '低分' }[key as string] ?? key;
              return (
                <Row key={f.key} gutter={12}>
                  <Col span={8}><Form.Item name={[f.name, 'name']} label={`${def}名称`} rules={req('请输入名称')}><Input maxLength={10} /></Form.Item></Col>
                  <Col span={8}>
                    <Form.Item name={[f.name, 'threshold']} label={`${def}比例`} rules={req('请输入比例')} extra={key === 'low' ? '低于该比例为低分' : '不低于该比例'}>
                      <InputNumber min={0.01} max={100} precision={2} addonAfter="%" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </Row>
              );
            })}
          </Form.List>
        </>
      );
    case 'scoreSegment':
      return (
        <Row gutter={12}>
          <Col span={8}><Form.Item name="subjectStep" label="单科分数段间隔" rules={req('请输入间隔')}><InputNumber min={0.5} max={1000} addonAfter="分" style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={8}><Form.Item name="totalStep" label="总分分数段间隔" rules={req('请输入间隔')}><InputNumber min={0.5} max={10000} addonAfter="分" style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      );
    case 'rankSegment':
      return <Form.Item name="bounds" label="名次段" rules={[listRule]} extra="各段的名次上限，从小到大，用逗号分隔，如 10, 20, 50, 100"><Input style={{ maxWidth: 480 }} /></Form.Item>;
    case 'nRank':
      return <Form.Item name="values" label="前N名" rules={[listRule]} extra="从小到大，用逗号分隔，如 10, 50, 100, 200"><Input style={{ maxWidth: 480 }} /></Form.Item>;
    case 'onlineLines':
      return (
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap>
                  <Form.Item name={[f.name, 'name']} label={`分数线${i + 1}名称`} rules={req('请输入名称')}><Input maxLength={20} style={{ width: 140 }} /></Form.Item>
                  <Form.Item name={[f.name, 'kind']} label={`分数线${i + 1}方式`}>
                    <Select style={{ width: 140 }} options={[{ value: 'share', label: '按上线比例' }, { value: 'score', label: '按总分' }]} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const kind = form.getFieldValue(['lines', f.name, 'kind']);
                      return (
                        <Form.Item name={[f.name, 'amount']} label={`分数线${i + 1}${kind === 'score' ? '分数' : '比例'}`} rules={req('请输入')}>
                          <InputNumber min={kind === 'score' ? 0 : 0.01} max={kind === 'score' ? 10000 : 100} addonAfter={kind === 'score' ? '分' : '%'} style={{ width: 150 }} />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  {!disabled && <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除分数线${i + 1}`} style={{ marginTop: 30 }} onClick={() => remove(f.name)} />}
                </Space>
              ))}
              {!disabled && <Form.Item><Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', kind: 'share', amount: 50 })}>添加分数线</Button></Form.Item>}
              <Typography.Paragraph type="secondary">按比例：分数线为排名第 ⌈比例×人数⌉ 名学生的总分。</Typography.Paragraph>
            </>
          )}
        </Form.List>
      );
    case 'criticalBuffer':
      return <Form.Item name="points" label="临界分差" rules={req('请输入分差')} extra="与分数线或四率分数线相差不超过该分数的学生为临界生"><InputNumber min={0} max={1000} addonAfter="分" /></Form.Item>;
    case 'studyLevel': {
      const sum = Math.round((levels ?? []).reduce((s, l) => s + (Number(l?.share) || 0), 0) * 100) / 100;
      return (
        <Form.List name="levels">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap>
                  <Form.Item name={[f.name, 'name']} label={`等级${i + 1}`} rules={req('请输入等级')}><Input maxLength={10} style={{ width: 80 }} /></Form.Item>
                  <Form.Item name={[f.name, 'share']} label={`等级${i + 1}比例`} rules={req('请输入比例')}><InputNumber min={0} max={100} addonAfter="%" style={{ width: 130 }} /></Form.Item>
                  <Form.Item name={[f.name, 'high']} label={`等级${i + 1}赋分上限`} rules={req('请输入')}><InputNumber min={0} max={1000} style={{ width: 110 }} /></Form.Item>
                  <Form.Item name={[f.name, 'low']} label={`等级${i + 1}赋分下限`} rules={req('请输入')}><InputNumber min={0} max={1000} style={{ width: 110 }} /></Form.Item>
                  {!disabled && fields.length > 2 && <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除等级${i + 1}`} style={{ marginTop: 30 }} onClick={() => remove(f.name)} />}
                </Space>
              ))}
              <div style={{ marginBottom: 12 }}>
                {!disabled && fields.length < 10 && <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', share: 0, high: 0, low: 0 })} style={{ marginRight: 12 }}>添加等级</Button>}
                <Typography.Text type={Math.abs(sum - 100) < 1e-6 ? 'success' : 'danger'}>比例合计 {sum}%（须为 100%）</Typography.Text>
              </div>
            </>
          )}
        </Form.List>
      );
    }
    case 'gGroups':
      return <Form.Item name="count" label="G组分组数" rules={req('请输入分组数')} extra="按总分从高到低平均分为 G1…Gn 组"><InputNumber min={2} max={20} precision={0} /></Form.Item>;
    case 'subjectCombos':
      return (
        <Form.List name="combos">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => {
                const n = combos?.[f.name]?.courseCodes?.length || subjects.length;
                return (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'name']} label={`组合${i + 1}名称`} rules={req('请输入名称')}><Input maxLength={30} style={{ width: 160 }} /></Form.Item>
                    <Form.Item name={[f.name, 'courseCodes']} label={`组合${i + 1}科目`} extra="不选为全部科目">
                      <Select mode="multiple" allowClear placeholder="全部科目" style={{ width: 320 }} options={subjects.map((s) => ({ value: s.courseCode, label: s.courseName }))} />
                    </Form.Item>
                    <Tag color="geekblue" style={{ marginTop: 34 }}>{subjectCountLabel(n) ?? `${n}科`}</Tag>
                    {!disabled && fields.length > 1 && <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除组合${i + 1}`} style={{ marginTop: 30 }} onClick={() => remove(f.name)} />}
                  </Space>
                );
              })}
              {!disabled && <Form.Item><Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', courseCodes: [] })}>添加组合</Button></Form.Item>}
            </>
          )}
        </Form.List>
      );
    case 'studentRules':
      return (
        <Row gutter={12}>
          <Col span={6}><Form.Item name="topNumber" label="前N名学生" rules={req('请输入')}><InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={6}><Form.Item name="bottomNumber" label="后N名学生" rules={req('请输入')}><InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={6}><Form.Item name="upNumber" label="每班进步最大人数" rules={req('请输入')}><InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={6}><Form.Item name="lowNumber" label="每班退步最大人数" rules={req('请输入')}><InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      );
    default:
      return null;
  }
}

