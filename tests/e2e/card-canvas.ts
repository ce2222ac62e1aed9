import type { Page } from 'playwright-core';

/**
 * Dragging a rectangle on the 模板确认 canvas in card pixels, as a person does with the mouse: the card (`width`
 * pixels wide) is scrolled so the rectangle is on screen. The drag answers the screen pixels per card pixel.
 */
export function cardDragger(width: number) {
  return async function dragOnCard(page: Page, x0: number, y0: number, x1: number, y1: number): Promise<number> {
    const scroller = page.getByTestId('template-canvas');
    const canvas = scroller.locator('canvas').first();
    const k = (await canvas.boundingBox())!.width / width;
    await scroller.evaluate((el, top) => { el.scrollTop = top; }, Math.max(0, Math.min(y0, y1) * k - 40));
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + x0 * k, box.y + y0 * k);
    await page.mouse.down();
    await page.mouse.move(box.x + ((x0 + x1) / 2) * k, box.y + ((y0 + y1) / 2) * k, { steps: 4 });
    await page.mouse.move(box.x + x1 * k, box.y + y1 * k, { steps: 4 });
    await page.mouse.up();
    return k;
  };
}
