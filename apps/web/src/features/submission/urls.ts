import { MODEL_TYPES, type ModelType } from '@corner/domain';

/** The five edit steps of a creation (DESIGN section 4). */
export const EDIT_STEPS = [1, 2, 3, 4, 5] as const;
export type EditStep = (typeof EDIT_STEPS)[number];

/** /my-creations/edit/step-{1..5}/{type}/{itemId} */
export function editStepPath(step: EditStep, type: ModelType, itemId: string | number): string {
  return `/my-creations/edit/step-${step}/${type}/${itemId}`;
}

export function isModelType(value: string | undefined): value is ModelType {
  return value !== undefined && (MODEL_TYPES as readonly string[]).includes(value);
}

/** Item ids are positive integers. */
export function isItemId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9]\d*$/.test(value);
}
