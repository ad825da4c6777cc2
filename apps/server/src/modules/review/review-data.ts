import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The kinds a reviewer sees a checklist for (a set's child is reviewed with its set: the item list). */
export const CHECKLIST_KINDS = ['item', 'set', 'lot', 'room', 'sim', 'mod'] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'ids are lower-case words joined by "-"');

const checklistItem = z.strictObject({
  id: slug,
  label: z.string().trim().min(1),
  hint: z.string().trim().min(1).optional(),
});
const checklist = z
  .array(checklistItem)
  .min(1)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'item ids must be unique within a kind');

const checklistsFile = z.strictObject(Object.fromEntries(CHECKLIST_KINDS.map((k) => [k, checklist])) as Record<ChecklistKind, typeof checklist>);

const rejectionTemplate = z.strictObject({
  id: slug,
  title: z.string().trim().min(1),
  /** The kinds it applies to; empty means every kind. */
  model_types: z.array(z.enum(CHECKLIST_KINDS)),
  message: z.string().trim().min(1),
});
const templatesFile = z
  .array(rejectionTemplate)
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'template ids must be unique');

export type ChecklistItem = z.infer<typeof checklistItem>;
export type RejectionTemplate = z.infer<typeof rejectionTemplate>;

export interface ReviewData {
  checklists: Record<ChecklistKind, ChecklistItem[]>;
  templates: RejectionTemplate[];
}

export const REVIEW_DATA_DIR = path.resolve(import.meta.dirname, 'data');

/** Parses one data file's text, or throws an error naming the file and every problem in it. */
export function parseDataFile<S extends z.ZodType>(schema: S, text: string, file: string): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Review data file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ');
    throw new Error(`Review data file ${file} is not valid: ${problems}`);
  }
  return parsed.data;
}

/**
 * Reads the review checklists and rejection message templates (kept as data files so staff can
 * change the wording without touching code). Called when the schema loads: a broken file stops the
 * start with a message naming the file and the problem.
 */
export function loadReviewData(dir = REVIEW_DATA_DIR): ReviewData {
  const read = (name: string) => {
    const file = path.join(dir, name);
    return { text: fs.readFileSync(file, 'utf8'), file };
  };
  const checklists = read('checklists.json');
  const templates = read('rejection-templates.json');
  return {
    checklists: parseDataFile(checklistsFile, checklists.text, checklists.file),
    templates: parseDataFile(templatesFile, templates.text, templates.file),
  };
}

export const CHECKLISTS_SCHEMA = checklistsFile;
export const TEMPLATES_SCHEMA = templatesFile;

/** The checklist kind of a creation kind: a set's child is checked like an item. */
export function checklistKind(modelType: string): ChecklistKind | null {
  if (modelType === 'set_item') return 'item';
  return (CHECKLIST_KINDS as readonly string[]).includes(modelType) ? (modelType as ChecklistKind) : null;
}
