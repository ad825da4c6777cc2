import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CreationReportsQuery } from './graphql';

/** The field names selected under `path` in a document's operation (fragments are not followed). */
function selected(document: DocumentNode, path: readonly string[]): string[] {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  let set: SelectionSetNode | undefined = operation?.selectionSet;
  for (const name of path) {
    const field = set?.selections.find((s) => s.kind === Kind.FIELD && s.name.value === name);
    set = field?.kind === Kind.FIELD ? field.selectionSet : undefined;
  }
  return (set?.selections ?? []).flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [`…${s.kind}`]));
}

describe('the creator’s view of reports on their creation', () => {
  it('asks why (the kind, named from reportTypes, and the note), never who reported it', () => {
    const fields = selected(CreationReportsQuery, ['getSubmissionReports', 'data']);
    expect(fields).toEqual(expect.arrayContaining(['type', 'note', 'created_at']));
    expect(fields).not.toContain('member');
    expect(fields.every((f) => !f.startsWith('…'))).toBe(true);
    expect(selected(CreationReportsQuery, ['reportTypes'])).toEqual(['type', 'name']);
  });
});
