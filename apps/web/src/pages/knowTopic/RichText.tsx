import { useEffect, useMemo, useRef } from 'react';
import 'katex/dist/katex.min.css';
import { bankImageUrl } from './bankImages';
import { richHtml } from './richText';

/** A stem, option or analysis: cleaned HTML with its $…$ formulas rendered by KaTeX and its stored pictures loaded. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const out = useMemo(() => richHtml(html), [html]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    for (const img of ref.current?.querySelectorAll<HTMLImageElement>('img[data-bank-src]') ?? []) {
      void bankImageUrl(img.dataset.bankSrc!).then((url) => { if (live && url) img.src = url; });
    }
    return () => { live = false; };
  }, [out]);
  return <div ref={ref} className={`rich-text ${className ?? ''}`} data-testid="rich-text" dangerouslySetInnerHTML={{ __html: out }} />;
}
