// Shared pieces of every printed document: the font stack, the HTML shell, small formatting helpers.
// Components are written with createElement (no JSX) so the package type-checks under the root tsconfig.
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatNumber } from '@jz/shared';

/** One font stack for HTML and ECharts text: the render service maps 'Noto Sans SC' to a TrueType face. */
export const FONT_FAMILY = "'Noto Sans SC','Noto Sans CJK SC',sans-serif";

export const h = createElement;

/** A4 in CSS px (96 dpi): 210 mm × 297 mm. */
export const A4_CSS_PX = { width: (210 / 25.4) * 96, height: (297 / 25.4) * 96 };

/**
 * A complete HTML document around a rendered body. `pageCss` is the @page rule (size, margin).
 * The body is rendered with react-dom/server (static markup: no hydration attributes).
 */
export function htmlDocument(opts: { title: string; pageCss: string; css: string; body: ReactNode }): string {
  const body = renderToStaticMarkup(h('div', { className: 'doc' }, opts.body));
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title>`
    + `<style>${opts.pageCss}\n*{box-sizing:border-box;margin:0;padding:0}`
    + `html,body{font-family:${FONT_FAMILY};color:#000;background:#fff;-webkit-print-color-adjust:exact;print-color-adjust:exact}`
    + `\n${opts.css}</style></head><body>${body}</body></html>`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Numbers as shown on paper: the shared rule (packages/shared formatNumber: at most `digits` decimals, half away
 * from zero, trailing zeros dropped), null/undefined/NaN as '—'.
 */
export function fmt(n: number | null | undefined, digits = 2): string {
  return formatNumber(n, digits) || '—';
}

/** Sort key for class names such as 高一(2)班 / 高一(10)班: Chinese collation with numeric parts. */
export const zhCollator = new Intl.Collator('zh-CN', { numeric: true });
