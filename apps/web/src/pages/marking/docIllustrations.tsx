/**
 * Simple line drawings of the 操作文档 (inline SVG, no external images): one per step of the workflow.
 * Colours follow the product's blue; every drawing has a title for screen readers.
 */
const BLUE = '#1677ff';
const GREY = '#d9d9d9';
const INK = '#595959';
const svgProps = { width: '100%', viewBox: '0 0 320 180', role: 'img' as const, style: { maxWidth: 320, background: '#fafcff', borderRadius: 8 } };

/** A sheet with four corner marks, bubbles and a written area. */
function Sheet({ x, y, w = 90, h = 120 }: { x: number; y: number; w?: number; h?: number }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} fill="#fff" stroke={INK} />
      {[[x + 4, y + 4], [x + w - 10, y + 4], [x + 4, y + h - 10], [x + w - 10, y + h - 10]].map(([a, b]) => <rect key={`${a}-${b}`} x={a} y={b} width={6} height={6} fill={INK} />)}
      {[0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => <circle key={`${r}${c}`} cx={x + 18 + c * 12} cy={y + 22 + r * 10} r={3} fill={r === c % 3 ? INK : 'none'} stroke={INK} />))}
      <rect x={x + 10} y={y + 56} width={w - 20} height={h - 72} fill="none" stroke={GREY} strokeDasharray="3 2" />
      <path d={`M${x + 16} ${y + 70} q 10 -6 20 0 t 20 0`} stroke={BLUE} fill="none" />
    </g>
  );
}

export function ScanFigure() {
  return (
    <svg {...svgProps} aria-labelledby="doc-scan"><title id="doc-scan">扫描答题卡并自动识别</title>
      <rect x={20} y={110} width={110} height={40} rx={6} fill={GREY} />
      <rect x={30} y={100} width={90} height={12} fill="#fff" stroke={INK} />
      <text x={75} y={138} fontSize={11} textAnchor="middle" fill={INK}>扫描仪</text>
      <path d="M140 120 h40" stroke={BLUE} strokeWidth={2} markerEnd="url(#arr)" />
      <defs><marker id="arr" markerWidth={8} markerHeight={8} refX={6} refY={4} orient="auto"><path d="M0 0 L8 4 L0 8z" fill={BLUE} /></marker></defs>
      <Sheet x={195} y={30} />
      <text x={240} y={170} fontSize={11} textAnchor="middle" fill={INK}>识别考号与客观题</text>
    </svg>
  );
}

export function BlockFigure() {
  return (
    <svg {...svgProps} aria-labelledby="doc-block"><title id="doc-block">在答题卡上划分阅卷题块</title>
      <Sheet x={30} y={25} w={120} h={135} />
      <rect x={40} y={82} width={100} height={30} fill="rgba(22,119,255,.12)" stroke={BLUE} strokeWidth={2} />
      <rect x={40} y={116} width={100} height={34} fill="rgba(250,140,22,.12)" stroke="#fa8c16" strokeWidth={2} />
      <text x={180} y={95} fontSize={12} fill={BLUE}>题块一：第13题</text>
      <text x={180} y={135} fontSize={12} fill="#fa8c16">题块二：第14–15题</text>
      <text x={180} y={155} fontSize={10} fill={INK}>给分点：①2分 ②3分</text>
    </svg>
  );
}

export function AssignFigure() {
  const people = [[60, '张老师'], [130, '李老师'], [200, '王老师'], [270, '赵老师']] as const;
  return (
    <svg {...svgProps} aria-labelledby="doc-assign"><title id="doc-assign">把题块分配给阅卷老师</title>
      <rect x={115} y={15} width={90} height={34} rx={6} fill="rgba(22,119,255,.12)" stroke={BLUE} />
      <text x={160} y={37} fontSize={12} textAnchor="middle" fill={BLUE}>题块一 · 400份</text>
      {people.map(([x, name]) => (
        <g key={name}>
          <path d={`M160 50 L${x} 108`} stroke={GREY} />
          <circle cx={x} cy={120} r={12} fill="#fff" stroke={INK} />
          <path d={`M${x - 16} 152 q16 -22 32 0`} fill="#fff" stroke={INK} />
          <text x={x} y={172} fontSize={10} textAnchor="middle" fill={INK}>{name} 100份</text>
        </g>
      ))}
      <text x={270} y={100} fontSize={10} textAnchor="middle" fill="#d48806">题组长</text>
    </svg>
  );
}

export function MarkFigure() {
  return (
    <svg {...svgProps} aria-labelledby="doc-mark"><title id="doc-mark">在阅卷页面看图给分</title>
      <rect x={10} y={15} width={300} height={150} rx={6} fill="#fff" stroke={GREY} />
      <rect x={20} y={35} width={190} height={120} fill="#f5f5f5" stroke={GREY} />
      <path d="M35 70 q 20 -10 40 0 t 40 0 t 40 0" stroke={BLUE} fill="none" />
      <path d="M35 95 q 20 -10 40 0 t 40 0" stroke={BLUE} fill="none" />
      <rect x={220} y={35} width={80} height={120} fill="#E8EAEF" />
      {[0, 1, 2, 3, 4, 5].map((v) => (
        <g key={v}><rect x={226 + (v % 3) * 24} y={45 + Math.floor(v / 3) * 24} width={20} height={20} rx={3} fill="#fff" stroke={INK} />
          <text x={236 + (v % 3) * 24} y={59 + Math.floor(v / 3) * 24} fontSize={11} textAnchor="middle">{v}</text></g>
      ))}
      <text x={260} y={112} fontSize={10} textAnchor="middle" fill={INK}>3+2=5</text>
      <rect x={232} y={124} width={56} height={20} rx={3} fill={BLUE} />
      <text x={260} y={138} fontSize={11} textAnchor="middle" fill="#fff">提交 ⏎</text>
      <text x={115} y={30} fontSize={10} textAnchor="middle" fill={INK}>只显示题块图片（不显示姓名、班级、考号）</text>
    </svg>
  );
}

export function MonitorFigure() {
  const bars = [70, 110, 90, 130, 60];
  return (
    <svg {...svgProps} aria-labelledby="doc-monitor"><title id="doc-monitor">阅卷监控：进度与质量</title>
      <line x1={30} y1={150} x2={300} y2={150} stroke={INK} />
      <line x1={30} y1={20} x2={30} y2={150} stroke={INK} />
      {bars.map((h, i) => <rect key={i} x={45 + i * 50} y={150 - h} width={28} height={h} fill={i === 4 ? '#fa8c16' : BLUE} opacity={0.8} />)}
      <line x1={30} y1={62} x2={300} y2={62} stroke="#52c41a" strokeDasharray="4 3" />
      <text x={298} y={56} fontSize={10} textAnchor="end" fill="#52c41a">题块平均</text>
      <text x={165} y={170} fontSize={10} textAnchor="middle" fill={INK}>各阅卷老师已阅份数</text>
    </svg>
  );
}

export function ReleaseFigure() {
  return (
    <svg {...svgProps} aria-labelledby="doc-release"><title id="doc-release">阅卷完成后发布成绩</title>
      <rect x={20} y={30} width={120} height={120} rx={6} fill="#fff" stroke={INK} />
      {[0, 1, 2, 3].map((r) => <line key={r} x1={30} y1={60 + r * 22} x2={130} y2={60 + r * 22} stroke={GREY} />)}
      <text x={80} y={50} fontSize={11} textAnchor="middle" fill={INK}>小题得分</text>
      <path d="M150 90 h40" stroke={BLUE} strokeWidth={2} markerEnd="url(#arr2)" />
      <defs><marker id="arr2" markerWidth={8} markerHeight={8} refX={6} refY={4} orient="auto"><path d="M0 0 L8 4 L0 8z" fill={BLUE} /></marker></defs>
      <circle cx={250} cy={90} r={50} fill="rgba(82,196,26,.12)" stroke="#52c41a" strokeWidth={2} />
      <path d="M228 90 l15 15 l30 -32" stroke="#52c41a" strokeWidth={5} fill="none" />
      <text x={250} y={160} fontSize={11} textAnchor="middle" fill={INK}>发布成绩 → 分析报告</text>
    </svg>
  );
}
