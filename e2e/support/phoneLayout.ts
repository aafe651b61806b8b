/**
 * What a phone shows wrong, measured in the page: sideways scroll (the document wider than the viewport, and the
 * elements that make it so) and controls a fixed or sticky element lies over.
 */
import type { Page } from 'playwright-core';

/** A phone's viewport, as the layout checks open pages at. */
export const PHONE = { width: 390, height: 844 };

/** What sticks out past the right edge: the document's width and the widest elements that cause it. */
export function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (width > window.innerWidth) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.right <= window.innerWidth + 1 || box.width === 0) continue;
        // Only the outermost element that sticks out: its children stick out with it.
        const parent = element.parentElement?.getBoundingClientRect();
        if (parent && parent.right > window.innerWidth + 1) continue;
        culprits.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} right=${Math.round(box.right)}`);
        if (culprits.length >= 5) break;
      }
    }
    return { width, culprits };
  });
}

/**
 * Controls in view whose centre is covered by a fixed or sticky element they are not part of: the element
 * the browser hits there, and the control. (Written without inner named functions: the test runner's
 * transform would add a helper to them that the page does not have.)
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]');
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none' || Number(style.opacity) === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control.contains(hit) || hit.contains(control)) continue;
      // The nearest fixed or sticky ancestor of what the browser hits: something that does not move with the page.
      let cover: Element | null = hit;
      while (cover && cover !== document.documentElement && !['fixed', 'sticky'].includes(getComputedStyle(cover).position)) cover = cover.parentElement;
      if (!cover || cover === document.documentElement || cover.contains(control)) continue;
      const names = [control, cover].map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).join('.')} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}"`,
      );
      found.push(`${names[0]} under ${names[1]}`);
    }
    return found;
  });
}
