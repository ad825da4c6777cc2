import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKLIST_KINDS, loadReviewData, REVIEW_DATA_DIR } from './review-data';

function dirWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-data-'));
  for (const name of ['checklists.json', 'rejection-templates.json']) {
    fs.writeFileSync(path.join(dir, name), files[name] ?? fs.readFileSync(path.join(REVIEW_DATA_DIR, name), 'utf8'));
  }
  return dir;
}

describe('review data files', () => {
  it('load: a checklist for every kind and templates for known kinds', () => {
    const data = loadReviewData();
    for (const kind of CHECKLIST_KINDS) expect(data.checklists[kind].length).toBeGreaterThan(3);
    expect(data.templates.length).toBeGreaterThan(5);
  });

  it('a file that is not JSON stops the start, naming the file', () => {
    const dir = dirWith({ 'checklists.json': '{ "item": [' });
    expect(() => loadReviewData(dir)).toThrow(/Review data file .*checklists\.json is not valid JSON/);
  });

  it('a missing kind, a repeated id or an unknown kind is named', () => {
    const checklists = JSON.parse(fs.readFileSync(path.join(REVIEW_DATA_DIR, 'checklists.json'), 'utf8'));
    delete checklists.mod;
    expect(() => loadReviewData(dirWith({ 'checklists.json': JSON.stringify(checklists) }))).toThrow(/checklists\.json is not valid: mod: /);
    const unknownKind = [{ id: 'castle', title: 'A', model_types: ['castle'], message: 'A' }];
    expect(() => loadReviewData(dirWith({ 'rejection-templates.json': JSON.stringify(unknownKind) }))).toThrow(
      /rejection-templates\.json is not valid: 0\.model_types\.0: /,
    );
    const repeated = [
      { id: 'same', title: 'A', model_types: [], message: 'A' },
      { id: 'same', title: 'B', model_types: ['lot'], message: 'B' },
    ];
    expect(() => loadReviewData(dirWith({ 'rejection-templates.json': JSON.stringify(repeated) }))).toThrow(/template ids must be unique/);
  });
});
