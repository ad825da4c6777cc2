import type { ModelType } from '@corner/domain';
import {
  IconArmchair,
  IconBox,
  IconBoxMultiple,
  IconDoor,
  IconHome2,
  IconPuzzle,
  IconUser,
  type TablerIcon,
} from '@tabler/icons-react';

/** The icon of each kind of creation, on the upload cards, list rows and step header. */
export const KIND_ICONS: Record<ModelType, TablerIcon> = {
  item: IconArmchair,
  set_item: IconBox,
  set: IconBoxMultiple,
  lot: IconHome2,
  room: IconDoor,
  sim: IconUser,
  mod: IconPuzzle,
};

export function kindIcon(kind: string): TablerIcon {
  return KIND_ICONS[kind as ModelType] ?? IconBox;
}

/** A kind's key under "kinds" in en.json; unknown kinds read as items. */
export function kindKey(kind: string): ModelType {
  return kind in KIND_ICONS ? (kind as ModelType) : 'item';
}
