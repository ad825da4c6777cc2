import { createSubmissionInput, lotFieldsInput, submissionPropertiesInput } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { numberOrNull, ruleMessages, textOrNull } from './validation';

describe('ruleMessages', () => {
  it('gives the domain messages by field', () => {
    expect(ruleMessages(createSubmissionInput, { name: '', description: 'A chair / table' })).toEqual({
      name: 'Name is required.',
      description: 'Description contains a character that is not allowed: "/".',
    });
    expect(ruleMessages(lotFieldsInput, { lot_width: 65 })).toEqual({ lot_width: 'Lot width must be 64 or less.' });
    expect(ruleMessages(submissionPropertiesInput, { name: 'Sofa', keywords: 'sofa' })).toEqual({});
  });
});

describe('field values', () => {
  it('reads empty number and text fields as null', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(12)).toBe(12);
    expect(numberOrNull('7')).toBe(7);
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull('sofa')).toBe('sofa');
  });
});
