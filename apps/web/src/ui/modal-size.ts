/** The dialog sizes of SPEC 2 ("Modal sizes: m, l, ml, xl, xxl, xxxl"), narrowest first. */
export const MODAL_SIZES = ['m', 'l', 'ml', 'xl', 'xxl', 'xxxl'] as const;

export type ModalSize = (typeof MODAL_SIZES)[number];

/**
 * Each size's width in px; below the phone breakpoint (36em) every dialog takes the screen's
 * whole width instead (modal.module.css).
 */
export const MODAL_WIDTHS: Readonly<Record<ModalSize, number>> = {
  /** A question or a short form: confirmations, the wait dialog, approve, assign, shortcuts. */
  m: 440,
  /** A form of a few fields side by side: a game item. */
  l: 540,
  /** A form with long text or a list to pick from: new message, reject, content search, update request. */
  ml: 640,
  /** Two columns of content. */
  xl: 800,
  /** A wide table or a picture with its details. */
  xxl: 1000,
  /** A picture as large as a desktop screen allows: the lightbox, the hotspot editor. */
  xxxl: 1200,
};
