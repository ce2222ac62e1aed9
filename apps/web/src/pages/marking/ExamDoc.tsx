import type { ReactNode } from 'react';
import { Anchor, Card, Col, Row, Table, Typography } from 'antd';
import { KEY_HELP } from './panel/scoring';
import { AssignFigure, BlockFigure, MarkFigure, MonitorFigure, ReleaseFigure, ScanFigure } from './docIllustrations';

const { Title, Paragraph, Text } = Typography;

interface Step { id: string; title: string; who: string; where: string; figure: ReactNode; body: ReactNode }

const STEPS: Step[] = [
  {
    id: 'doc-scan', title: '第一步 扫描答题卡', who: '扫描员、学科负责人', where: '考试阅卷 → 我的考试 → 扫描管理',
    figure: <ScanFigure />,
    body: (
      <>
        <Paragraph>考试结束后，按考场把答题卡放入扫描仪，在「扫描管理」中上传扫描图片（可一次上传一批）。系统自动定位答题卡四角的定位点，识别考号和客观题涂点。</Paragraph>
        <Paragraph>识别不了的答题卡进入「异常卷」：考号无法识别的填写考号，重复扫描的保留一份，涂点存疑的看图确认。异常卷全部处理后，每名考生都有完整的答题卡图片，才能开始阅卷。</Paragraph>
      </>
    ),
  },
  {
    id: 'doc-block', title: '第二步 划分题块、设置给分点和标准答案', who: '学科负责人', where: '考试详情 → 划分阅卷块 / 设置给分点 / 录入标准答案',
    figure: <BlockFigure />,
    body: (
      <>
        <Paragraph>题块是阅卷老师一次看到的那一块图片。默认每道主观题一个题块；可以合并相邻的题、拆分长题、拖动调整范围。一个题块可以包含几道题，每道题有满分和给分步长（如 1 分或 0.5 分）。</Paragraph>
        <Paragraph>需要分步给分的题，在题块内设置「给分点」：阅卷时面板会逐个给分点要分数，最后自动求和。再为每个题块录入标准答案和评分细则（文字或图片），阅卷老师在阅卷页点「标答」即可查看。</Paragraph>
      </>
    ),
  },
  {
    id: 'doc-assign', title: '第三步 分配阅卷任务', who: '学科负责人', where: '考试详情 → 分配阅卷任务',
    figure: <AssignFigure />,
    body: (
      <>
        <Paragraph>为每个题块选择阅卷老师（可按学科、班级筛选本校任意教师）并指定一名题组长。分配方式有三种：</Paragraph>
        <ul>
          <li><Text strong>平均分配</Text>：按人数平均分配份数，任意两人相差不超过一份；</li>
          <li><Text strong>自由领取</Text>：所有试卷放在公共池中，先阅先得，可设每人上限；</li>
          <li><Text strong>按班级</Text>：老师只阅自己所教班级的试卷。</li>
        </ul>
        <Paragraph>评阅方式可选单评、双评、双评+三评、双评+仲裁、双评+三评+仲裁，并设置误差阈值。双评时两位老师的分数在阈值内取平均（按步长取整）；超出阈值交第三位老师评，取与其较接近的分数；仍超出则由题组长仲裁。同一份试卷不会分给同一位老师两次。中途调整分配不影响已提交的分数。</Paragraph>
      </>
    ),
  },
  {
    id: 'doc-mark', title: '第四步 网上阅卷', who: '阅卷老师', where: '考试阅卷 → 阅卷任务 → 开始阅卷',
    figure: <MarkFigure />,
    body: (
      <>
        <Paragraph>登录后首先看到「阅卷任务」，列出你在各场考试中的题块和进度。点「开始阅卷」进入阅卷页：左侧只显示该题块的图片（不显示姓名、班级、考号，保证盲评），可放大、缩小、旋转、适应宽度；右侧是给分面板。</Paragraph>
        <Paragraph>满分较小的题每个分数一个按钮，点一下即给分；满分较大的题直接用键盘输入，例如依次按 1、2 即 12 分。按回车提交后立即显示下一份（下一份图片已提前加载）。页面顶部的倒计时是这份试卷为你保留的时间，超时后试卷回到待阅池。</Paragraph>
        <Paragraph>遇到空白卷、图像不清、切割错误、疑似雷同等情况，按 Q 或点「问题卷」，选择类型并填写说明，试卷交给题组长处理。按 R 进入「回评」，可按分数查找自己阅过的试卷并改分，每次改分都会留下记录。</Paragraph>
      </>
    ),
  },
  {
    id: 'doc-monitor', title: '第五步 阅卷监控与质量', who: '题组长、学科负责人', where: '考试阅卷 → 阅卷监控',
    figure: <MonitorFigure />,
    body: (
      <>
        <Paragraph>阅卷监控按学科、题块和阅卷老师显示已分配、已阅、剩余、每小时阅卷量和预计完成时间。题组长在阅卷页还可以处理问题卷队列、仲裁队列，抽查已阅试卷并改分（须填写原因），查看全部改分记录。</Paragraph>
        <Paragraph>阅卷质量对比每位老师与题块整体的平均分、标准差、误差内比例、三评率、仲裁数和保险分系数；保险分系数是给分落在保险分（满分 × 71%，按步长取整）上下一个步长内的评分占比，偏高说明老师习惯给中间分。「导出Excel」把整场考试的阅卷进度和阅卷质量导出为一个表格文件。进度落后时可以把某位老师未阅的试卷重新分配给其他老师。</Paragraph>
      </>
    ),
  },
  {
    id: 'doc-release', title: '第六步 完成阅卷并发布成绩', who: '学科负责人', where: '考试详情 → 发布成绩',
    figure: <ReleaseFigure />,
    body: (
      <>
        <Paragraph>一个学科的所有题块都评完后，主观题分数与客观题分数合成每名考生的小题得分，在「发布成绩」中发布。发布后成绩进入成绩列表和各类分析报告。</Paragraph>
        <Paragraph>如需重新阅卷，学科负责人可在阅卷进度中清除阅卷数据（须输入密码确认，并留有操作记录）。</Paragraph>
      </>
    ),
  },
];

/** /examMarking/examDoc (操作文档): an illustrated guide to the whole marking workflow. */
export default function ExamDoc() {
  return (
    <Card variant="borderless" data-testid="exam-doc">
      <Row gutter={24} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Title level={3} style={{ marginTop: 0 }}>网上阅卷操作指南</Title>
          <Paragraph type="secondary">从扫描答题卡到发布成绩，一场考试的阅卷分六步完成。每一步写明由谁操作、在哪个菜单中操作。</Paragraph>
          {STEPS.map((s) => (
            <section key={s.id} id={s.id} style={{ padding: '16px 0', borderTop: '1px solid #f0f0f0' }}>
              <Title level={4}>{s.title}</Title>
              <Paragraph><Text type="secondary">操作人：</Text>{s.who}　<Text type="secondary">菜单：</Text>{s.where}</Paragraph>
              <Row gutter={24} align="top">
                <Col xs={24} md={9}>{s.figure}</Col>
                <Col xs={24} md={15}>{s.body}</Col>
              </Row>
            </section>
          ))}
          <section id="doc-keys" style={{ padding: '16px 0', borderTop: '1px solid #f0f0f0' }}>
            <Title level={4}>阅卷快捷键</Title>
            <Paragraph>阅卷时可以完全不用鼠标；在阅卷页按 ? 随时查看。</Paragraph>
            <Table size="small" pagination={false} rowKey="keys" dataSource={KEY_HELP} style={{ maxWidth: 640 }}
              columns={[{ title: '按键', dataIndex: 'keys', width: 140, render: (k: string) => <kbd>{k}</kbd> }, { title: '作用', dataIndex: 'action' }]} />
          </section>
        </Col>
        <Col flex="200px">
          <Anchor offsetTop={80} items={[...STEPS.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title.replace(/^第.步 /, '') })), { key: 'doc-keys', href: '#doc-keys', title: '阅卷快捷键' }]}
            getContainer={() => window} onClick={(e, link) => { e.preventDefault(); document.getElementById(link.href.slice(1))?.scrollIntoView({ behavior: 'smooth' }); }} />
        </Col>
      </Row>
    </Card>
  );
}
