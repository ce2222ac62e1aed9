import katex from 'katex';
import { BANK_IMAGE_SRC } from './bankImages';

/**
 * A bank question's HTML (from the editors, stored as typed): only harmless tags and attributes are kept (no script,
 * no event handlers, images from data: or the site only), then each $…$ is rendered with KaTeX (a formula KaTeX
 * cannot read is shown as its source, marked in red, never dropped).
 */
const TAGS = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'SUB', 'SUP', 'SPAN', 'DIV', 'UL', 'OL', 'LI', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TD', 'TH', 'IMG', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'PRE', 'CODE']);
const ATTRS = new Set(['src', 'alt', 'width', 'height', 'colspan', 'rowspan']);

function clean(node: Node): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) { child.remove(); continue; }
    const el = child as Element;
    if (!TAGS.has(el.tagName)) {
      if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName)) el.remove();
      else { clean(el); el.replaceWith(...el.childNodes); }
      continue;
    }
    for (const a of [...el.attributes]) {
      const keep = ATTRS.has(a.name) && !(a.name === 'src' && !/^(data:image\/(png|jpeg|gif|webp);|\/(?!\/))/i.test(a.value));
      if (!keep) el.removeAttribute(a.name);
    }
    clean(el);
  }
}

function renderMath(node: Node): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.ELEMENT_NODE) { renderMath(child); continue; }
    if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.includes('$')) continue;
    const parts = child.textContent.split(/(\$\$[^$]+\$\$|\$[^$]+\$)/g);
    const frag = document.createDocumentFragment();
    for (const part of parts) {
      const display = part.startsWith('$$') && part.endsWith('$$') && part.length > 4;
      const inline = !display && part.startsWith('$') && part.endsWith('$') && part.length > 2;
      if (!display && !inline) { if (part) frag.append(part); continue; }
      const tex = display ? part.slice(2, -2) : part.slice(1, -1);
      const span = document.createElement('span');
      try {
        span.innerHTML = katex.renderToString(tex, { displayMode: display, throwOnError: true, output: 'html', trust: false, maxSize: 50, maxExpand: 200 });
      } catch {
        span.textContent = part;
        span.className = 'formula-error';
        span.title = '公式无法识别';
      }
      frag.append(span);
    }
    child.replaceWith(frag);
  }
}

export function richHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild ?? doc.body;
  clean(root);
  // stored pictures are fetched with the token by RichText (bankImages.ts); an <img> alone would be refused
  for (const img of root.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    if (BANK_IMAGE_SRC.test(src)) { img.removeAttribute('src'); img.setAttribute('data-bank-src', src); }
  }
  renderMath(root);
  return root.innerHTML;
}
