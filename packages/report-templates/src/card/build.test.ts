import { describe, expect, it } from 'vitest';
import { DEMO_CARD_INPUT } from '../demo.js';
import { buildCardLayout } from './build.js';
import type { CardElement, CardLayout } from './layout.js';
import { renderCardHtml } from './render.js';

const headers = (l: CardLayout) => l.pages.map((p) => p.elements.find((e) => e.kind === 'header') as Extract<CardElement, { kind: 'header' }>);
const withoutHeaders = (l: CardLayout) => l.pages.map((p) => p.elements.filter((e) => e.kind !== 'header'));

describe('answer card title (card maker)', () => {
  it('keeps the default heading without a title: exam name over 「科目 答题卡」, 第 n 页 on later pages', () => {
    const l = buildCardLayout(DEMO_CARD_INPUT);
    expect(l.pages).toHaveLength(3);
    expect(headers(l).map((h) => [h.title, h.subtitle])).toEqual([
      [DEMO_CARD_INPUT.examName, '语文 答题卡'],
      [DEMO_CARD_INPUT.examName, '语文 答题卡（第 2 页）'],
      [DEMO_CARD_INPUT.examName, '语文 答题卡（第 3 页）'],
    ]);
  });

  it('prints the maker\'s title alone on page 1 and with 第 n 页 later; nothing else moves', () => {
    const title = '高一期中语文答题卡（A卷）';
    const plain = buildCardLayout(DEMO_CARD_INPUT);
    const l = buildCardLayout({ ...DEMO_CARD_INPUT, title });
    expect(headers(l).map((h) => [h.title, h.subtitle])).toEqual([[title, ''], [title, '（第 2 页）'], [title, '（第 3 页）']]);
    expect(headers(l).map((h) => [h.x, h.y, h.w, h.h])).toEqual(headers(plain).map((h) => [h.x, h.y, h.w, h.h]));
    expect(withoutHeaders(l)).toEqual(withoutHeaders(plain));
  });

  it('shrinks a long title to fit the header width on one line, a short one keeps 0.6 × the header height', () => {
    const long = '测'.repeat(40);
    const html = renderCardHtml(buildCardLayout({ ...DEMO_CARD_INPUT, title: long }));
    // header 174 mm wide (210 − 2 × 18), 12 mm high: at most 7.2 mm, here 174 × 0.96 / 40 = 4.176 mm
    expect(html).toContain(`font-size:4.176mm;font-weight:700;line-height:1.15">${long}<`);
    const short = renderCardHtml(buildCardLayout({ ...DEMO_CARD_INPUT, title: '语文答题卡' }));
    expect(short).toContain('font-size:7.2mm;font-weight:700;line-height:1.15">语文答题卡<');
  });
});
