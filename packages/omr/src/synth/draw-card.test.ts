import { describe, expect, it } from 'vitest';
import { templateFromCard } from '../card-template.js';
import { synthCards } from './cards.js';
import { drawCardPage } from './draw-card.js';

describe('drawCardPage (the Chromium-free blank)', () => {
  it.each([150, 300])('draws A4 at %i dpi with anchors, page-code bits and empty bubbles where the template has them', (dpi) => {
    const layout = synthCards().objective;
    const { raster: r, pxPerUnit: k } = drawCardPage(layout, 1, dpi);
    // A4 = 210 × 297 mm; 1 in = 25.4 mm
    expect([r.width, r.height]).toEqual([Math.round((210 * dpi) / 25.4), Math.round((297 * dpi) / 25.4)]);
    const px = (x: number, y: number) => r.data[Math.floor(y * k) * r.width + Math.floor(x * k)];
    const t = templateFromCard(layout, 0);
    for (const a of t.anchors) expect(px(a.x + a.w / 2, a.y + a.h / 2)).toBe(0);
    const bits = layout.pages[0].elements.find((e) => e.kind === 'pageCode')!;
    t.pageCode!.cells.forEach((c, i) => expect(px(c.x + c.w / 2, c.y + c.h / 2), `cell ${i}`).toBe(bits.kind === 'pageCode' && bits.bits[i] ? 0 : 255));
    for (const q of t.questions) {
      for (const b of q.bubbles) {
        expect(px(b.x + 0.3, b.y + b.h / 2)).toBe(255); // inside the outline, beside the label
        expect(Math.min(...[-0.15, 0, 0.15].map((d) => px(b.x + d, b.y + b.h / 2)))).toBeLessThan(100); // the outline, 0.2 mm
      }
    }
  });
});
