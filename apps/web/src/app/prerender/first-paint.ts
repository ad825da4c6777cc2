/**
 * The page part of the HTML the server sent (prerender.tsx): the title and description of the page
 * being opened, drawn before any script ran. It is read before React's first render replaces the
 * prerendered markup, and the page loader draws it again until the page's code has loaded, so the
 * heading stays where it is instead of giving way to a spinner.
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

let firstPaint: { pathname: string; html: string } | null = null;

/** Keeps the prerendered page part of the current document, if it has one. */
export function takeFirstPaint(): void {
  const part = document.querySelector(`[${FIRST_PAINT_ATTRIBUTE}]`);
  firstPaint = part ? { pathname: window.location.pathname, html: part.innerHTML } : null;
}

/** The prerendered page part, while `pathname` is still the page the document was loaded for. */
export function firstPaintOf(pathname: string): string | null {
  return firstPaint !== null && firstPaint.pathname === pathname ? firstPaint.html : null;
}
