/**
 * `text` cut after `max` characters, with "…" marking that it goes on (SPEC section 2: the
 * lightbox shows an image's URL cut at 200 characters). Counts code points, so a cut never splits
 * a surrogate pair.
 */
export function cutText(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max).join('')}…`;
}
