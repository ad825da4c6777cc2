import { describe, expect, it } from 'vitest';
import { dropRepeatedSeparators } from './separators';

const SEP = '---';
const run = (items: string[]) => dropRepeatedSeparators(items, (item) => item === SEP);

describe('dropRepeatedSeparators', () => {
  it('keeps a list without separators as it is', () => {
    expect(run(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps single separators between groups', () => {
    expect(run(['a', SEP, 'b', SEP, 'c'])).toEqual(['a', SEP, 'b', SEP, 'c']);
  });

  it('drops a separator that directly follows another', () => {
    expect(run(['a', SEP, SEP, 'b'])).toEqual(['a', SEP, 'b']);
    expect(run(['a', SEP, SEP, SEP, 'b'])).toEqual(['a', SEP, 'b']);
  });

  it('keeps trailing separators (one, after collapsing a run)', () => {
    expect(run(['a', SEP])).toEqual(['a', SEP]);
    expect(run(['a', SEP, 'b', SEP, SEP])).toEqual(['a', SEP, 'b', SEP]);
  });

  it('keeps a leading separator, which follows no other separator', () => {
    expect(run([SEP, 'a'])).toEqual([SEP, 'a']);
  });

  it('handles an empty list', () => {
    expect(run([])).toEqual([]);
  });

  it('applies after hidden links were removed: a group emptied by filtering leaves one separator', () => {
    const menu = ['overview', SEP, 'hidden-1', 'hidden-2', SEP, 'tools'];
    const visible = menu.filter((item) => !item.startsWith('hidden'));
    expect(run(visible)).toEqual(['overview', SEP, 'tools']);
  });

  it('does not change the input array', () => {
    const input = ['a', SEP, SEP];
    run(input);
    expect(input).toEqual(['a', SEP, SEP]);
  });
});
