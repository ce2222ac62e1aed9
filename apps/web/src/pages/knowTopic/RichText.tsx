import { useMemo } from 'react';
import 'katex/dist/katex.min.css';
import { richHtml } from './richText';

/** A stem, option or analysis: cleaned HTML with its $…$ formulas rendered by KaTeX. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const out = useMemo(() => richHtml(html), [html]);
  return <div className={`rich-text ${className ?? ''}`} data-testid="rich-text" dangerouslySetInnerHTML={{ __html: out }} />;
}
