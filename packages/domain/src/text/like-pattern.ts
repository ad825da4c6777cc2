/**
 * A `like` term's value as the pattern it matches (SPEC 4's `like` operator): a value that holds a
 * wildcard of its own (`%` any run of characters, `_` one character) is the pattern as the client
 * wrote it ("%Sofa%", "Sofa%", "S_fa"); a value without one is looked for anywhere ("Sofa" is
 * "%Sofa%"). A backslash makes the next character itself ("50\% off" looks for "50% off"); a
 * backslash at the very end is a backslash. Matching ignores case.
 */
export function likePattern(value: string): string {
  let wildcard = false;
  let escaped = false;
  for (const c of value) {
    if (escaped) escaped = false;
    else if (c === '\\') escaped = true;
    else if (c === '%' || c === '_') wildcard = true;
  }
  const pattern = escaped ? `${value}\\` : value;
  return wildcard ? pattern : `%${pattern}%`;
}
