/**
 * Question set-ups of the demo exams (示例中学 高一, first term of 2026-2027): one paper layout per course, in the
 * shape of a 新高考 paper — objective questions first (single choice A–D; multiple choice with partial credit in
 * 数学/物理/生物), then fill-in, then subjective questions with sub-numbers such as 17(1), 17(2). 语文 follows its
 * real paper section by section (each reading passage: choices, then short answers; 作文 last). No true/false
 * questions (高中 papers have none). 英语 keeps its 20 listening items, so it has 44 questions; the others 20–25.
 *
 * 语文 and 英语 tag their questions with fixed skills (文言翻译, 阅读理解…); the other courses take their knowledge
 * points from the topics the exam covers (月考 → 期中 → 期末 move through the 高一 first-term syllabus).
 * Every layout's full scores sum to the course's full score (checked by tests/api/demo-exams.test.ts).
 */
import type { QType } from '../modules/score/scoring.js';

export interface PaperItem {
  /** Display number: 1, 17(1). */
  no: string;
  type: QType;
  full: number;
  /** Scoring step; default 1. */
  step?: number;
  /** Fill-in: independent blanks of equal value (完形填空 15, 名句默写 6); default 1 (all or nothing). */
  blanks?: number;
  /** Multiple choice: points for a correct but incomplete answer. */
  partial?: number;
  group: string;
  /** Fixed knowledge points; when absent the item takes topics of the exam (PaperLayout.topics). */
  kp?: string[];
  /** Essay-like scoring: scores crowd in the middle band (作文, 读后续写). */
  essay?: boolean;
}

export interface PaperLayout {
  code: string;
  name: string;
  full: number;
  items: PaperItem[];
  /** Topics per exam (0 月考, 1 期中, 2 期末), used for items without fixed knowledge points. */
  topics: [string[], string[], string[]];
}

/** Items from..to (inclusive) made by one function of the number. */
function run(from: number, to: number, make: (no: string) => Omit<PaperItem, 'no'>): PaperItem[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({ no: String(from + i), ...make(String(from + i)) }));
}

const single = (full: number, group: string, kp?: string[], step?: number): Omit<PaperItem, 'no'> =>
  ({ type: 'single', full, group, ...(kp ? { kp } : {}), ...(step ? { step } : {}) });
const subj = (no: string, full: number, group: string, extra: Partial<PaperItem> = {}): PaperItem => ({ no, type: 'subjective', full, group, ...extra });
const fill = (no: string, full: number, group: string, blanks: number, extra: Partial<PaperItem> = {}): PaperItem => ({ no, type: 'fill', full, group, blanks, ...extra });

const YW: PaperLayout = {
  code: 'YW', name: '语文', full: 150,
  items: [
    ...run(1, 3, () => single(3, '现代文阅读', ['信息筛选与整合'])),
    subj('4', 4, '现代文阅读', { kp: ['论证思路分析'] }),
    subj('5', 6, '现代文阅读', { kp: ['观点概括与评价'] }),
    ...run(6, 7, () => single(3, '现代文阅读', ['小说情节与结构'])),
    subj('8', 4, '现代文阅读', { kp: ['小说人物形象'] }),
    subj('9', 6, '现代文阅读', { kp: ['小说主题探究'] }),
    { no: '10', ...single(3, '古诗文阅读', ['文言断句']) },
    { no: '11', ...single(3, '古诗文阅读', ['古代文化常识']) },
    { no: '12', ...single(3, '古诗文阅读', ['文言文内容理解']) },
    subj('13(1)', 4, '古诗文阅读', { kp: ['文言翻译', '文言实词'] }),
    subj('13(2)', 4, '古诗文阅读', { kp: ['文言翻译', '文言虚词'] }),
    subj('14', 3, '古诗文阅读', { kp: ['文言文内容概括'] }),
    { no: '15', ...single(3, '古诗文阅读', ['古代诗歌鉴赏']) },
    subj('16', 6, '古诗文阅读', { kp: ['诗歌思想情感'] }),
    fill('17', 6, '古诗文阅读', 6, { kp: ['名篇名句默写'] }),
    { no: '18', ...single(3, '语言文字运用', ['成语使用']) },
    { no: '19', ...single(3, '语言文字运用', ['病句辨析']) },
    subj('20', 4, '语言文字运用', { kp: ['语言表达连贯'] }),
    subj('21', 4, '语言文字运用', { kp: ['修辞手法'] }),
    subj('22', 6, '语言文字运用', { kp: ['句式变换', '语言表达简明'] }),
    subj('23', 60, '写作', { kp: ['议论文写作'], essay: true }),
  ],
  topics: [[], [], []],
};

const SX: PaperLayout = {
  code: 'SX', name: '数学', full: 150,
  items: [
    ...run(1, 8, () => single(5, '单选题')),
    ...run(9, 11, () => ({ type: 'multiple', full: 6, partial: 3, group: '多选题' })),
    ...run(12, 14, (no) => fill(no, 5, '填空题', 1)),
    subj('15', 13, '解答题'),
    subj('16(1)', 7, '解答题'), subj('16(2)', 8, '解答题'),
    subj('17(1)', 6, '解答题'), subj('17(2)', 9, '解答题'),
    subj('18(1)', 5, '解答题'), subj('18(2)', 12, '解答题'),
    subj('19(1)', 5, '解答题'), subj('19(2)', 12, '解答题'),
  ],
  topics: [
    ['集合的概念', '集合的运算', '充分条件与必要条件', '全称量词与存在量词', '等式性质与不等式性质', '基本不等式', '一元二次不等式'],
    ['集合的运算', '基本不等式', '一元二次不等式', '函数的概念', '函数的单调性', '函数的奇偶性', '幂函数', '函数的应用'],
    ['函数的单调性', '指数函数', '对数函数', '函数的零点', '三角函数的概念', '诱导公式', '三角恒等变换', '三角函数的图象与性质'],
  ],
};

const YY: PaperLayout = {
  code: 'YY', name: '英语', full: 150,
  items: [
    ...run(1, 5, () => single(1.5, '听力', ['听力短对话'], 0.5)),
    ...run(6, 20, () => single(1.5, '听力', ['听力长对话与独白'], 0.5)),
    ...run(21, 35, (no) => single(2.5, '阅读理解', [Number(no) % 3 === 0 ? '推理判断' : Number(no) % 3 === 1 ? '细节理解' : '主旨大意'], 0.5)),
    ...run(36, 40, () => single(2.5, '阅读理解', ['七选五'], 0.5)),
    fill('41', 15, '语言运用', 15, { kp: ['完形填空'] }),
    fill('42', 15, '语言运用', 10, { step: 0.5, kp: ['语法填空'] }),
    subj('43', 15, '写作', { step: 0.5, kp: ['应用文写作'], essay: true }),
    subj('44', 25, '写作', { step: 0.5, kp: ['读后续写'], essay: true }),
  ],
  topics: [[], [], []],
};

const WL: PaperLayout = {
  code: 'WL', name: '物理', full: 100,
  items: [
    ...run(1, 7, () => single(4, '选择题')),
    ...run(8, 10, () => ({ type: 'multiple', full: 6, partial: 3, group: '选择题' })),
    fill('11(1)', 3, '实验题', 3), fill('11(2)', 3, '实验题', 3),
    fill('12(1)', 4, '实验题', 4), fill('12(2)', 5, '实验题', 5),
    subj('13', 10, '计算题'),
    subj('14(1)', 5, '计算题'), subj('14(2)', 8, '计算题'),
    subj('15(1)', 4, '计算题'), subj('15(2)', 5, '计算题'), subj('15(3)', 7, '计算题'),
  ],
  topics: [
    ['质点与参考系', '位移与路程', '速度与加速度', '匀变速直线运动', '自由落体运动', '位移-时间图像'],
    ['匀变速直线运动', '自由落体运动', '重力与弹力', '摩擦力', '力的合成与分解', '共点力的平衡'],
    ['共点力的平衡', '牛顿第一定律', '牛顿第二定律', '牛顿第三定律', '超重与失重', '连接体问题', '传送带模型'],
  ],
};

const HX: PaperLayout = {
  code: 'HX', name: '化学', full: 100,
  items: [
    ...run(1, 14, () => single(3, '选择题')),
    subj('15(1)', 4, '非选择题'), subj('15(2)', 5, '非选择题'), subj('15(3)', 5, '非选择题'),
    subj('16(1)', 6, '非选择题'), subj('16(2)', 8, '非选择题'),
    subj('17(1)', 7, '非选择题'), subj('17(2)', 8, '非选择题'),
    subj('18(1)', 5, '非选择题'), subj('18(2)', 5, '非选择题'), subj('18(3)', 5, '非选择题'),
  ],
  topics: [
    ['物质的分类', '胶体', '电解质的电离', '离子反应', '离子方程式', '氧化还原反应'],
    ['氧化还原反应', '钠及其化合物', '氯及其化合物', '物质的量', '气体摩尔体积', '物质的量浓度'],
    ['物质的量浓度', '铁及其化合物', '金属材料', '原子结构', '元素周期律', '化学键'],
  ],
};

const SW: PaperLayout = {
  code: 'SW', name: '生物', full: 100,
  items: [
    ...run(1, 12, () => single(2, '选择题')),
    ...run(13, 16, () => ({ type: 'multiple', full: 4, partial: 2, group: '选择题' })),
    subj('17(1)', 4, '非选择题'), subj('17(2)', 4, '非选择题'), subj('17(3)', 4, '非选择题'),
    subj('18(1)', 5, '非选择题'), subj('18(2)', 7, '非选择题'),
    subj('19', 12, '非选择题'),
    subj('20(1)', 6, '非选择题'), subj('20(2)', 6, '非选择题'),
    subj('21', 12, '非选择题'),
  ],
  topics: [
    ['细胞学说', '组成细胞的元素', '细胞中的无机物', '糖类和脂质', '蛋白质的结构与功能', '核酸'],
    ['蛋白质的结构与功能', '细胞膜的结构与功能', '细胞器', '细胞核', '物质跨膜运输', '生物膜系统'],
    ['物质跨膜运输', '酶的特性', 'ATP', '细胞呼吸', '光合作用', '细胞的增殖'],
  ],
};

const ZZ: PaperLayout = {
  code: 'ZZ', name: '政治', full: 100,
  items: [
    ...run(1, 16, () => single(3, '选择题')),
    subj('17', 12, '非选择题'),
    subj('18', 12, '非选择题'),
    subj('19(1)', 6, '非选择题'), subj('19(2)', 8, '非选择题'),
    subj('20', 14, '非选择题'),
  ],
  topics: [
    ['原始社会的解体', '科学社会主义的产生', '社会主义从理想到现实', '中国特色社会主义的开创', '新时代中国特色社会主义'],
    ['中国特色社会主义的发展', '新时代中国特色社会主义', '公有制为主体', '非公有制经济', '按劳分配为主体'],
    ['社会主义基本经济制度', '市场在资源配置中的作用', '宏观调控', '新发展理念', '建设现代化经济体系', '社会保障'],
  ],
};

const LS: PaperLayout = {
  code: 'LS', name: '历史', full: 100,
  items: [
    ...run(1, 16, () => single(3, '选择题')),
    subj('17(1)', 12, '非选择题'), subj('17(2)', 13, '非选择题'),
    subj('18', 12, '非选择题'),
    subj('19(1)', 7, '非选择题'), subj('19(2)', 8, '非选择题'),
  ],
  topics: [
    ['中华文明的起源', '夏商周的政治制度', '诸侯纷争与变法运动', '百家争鸣', '秦统一多民族封建国家的建立'],
    ['秦统一多民族封建国家的建立', '西汉与东汉', '三国两晋南北朝的民族交融', '隋唐制度的变化与创新', '辽宋夏金元的统治'],
    ['隋唐制度的变化与创新', '宋元时期的经济与文化', '明清中国版图的奠定', '明至清中叶的经济与文化', '两次鸦片战争', '辛亥革命'],
  ],
};

const DL: PaperLayout = {
  code: 'DL', name: '地理', full: 100,
  items: [
    ...run(1, 16, () => single(3, '选择题')),
    subj('17(1)', 6, '综合题'), subj('17(2)', 6, '综合题'), subj('17(3)', 6, '综合题'),
    subj('18(1)', 8, '综合题'), subj('18(2)', 8, '综合题'),
    subj('19(1)', 8, '综合题'), subj('19(2)', 10, '综合题'),
  ],
  topics: [
    ['地球的宇宙环境', '太阳对地球的影响', '地球的历史', '地球的圈层结构', '大气的组成和垂直分层'],
    ['大气受热过程', '大气热力环流', '水循环', '海水的性质', '海水的运动', '常见地貌类型'],
    ['海水的运动', '常见地貌类型', '地貌的观察', '植被', '土壤', '自然灾害'],
  ],
};

/** The nine course layouts in course order (YW SX YY WL HX SW ZZ LS DL). */
export const DEMO_PAPERS: readonly PaperLayout[] = [YW, SX, YY, WL, HX, SW, ZZ, LS, DL];
