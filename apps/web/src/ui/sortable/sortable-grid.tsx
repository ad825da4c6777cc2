import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { useState, type DragEvent, type ReactNode } from 'react';

/** The drag data type of the grid's own items, so that files dragged from the computer are not taken for them. */
const DRAG_TYPE = 'application/x-corner-sortable';

export interface SortableItemState {
  isDragging: boolean;
  /** Something is dragged over this item: dropping puts it here. */
  isDropTarget: boolean;
}

export interface SortableGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** The element at `from` was dropped on the place of the element at `to`. */
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number, state: SortableItemState) => ReactNode;
  /** Names the list for screen readers. */
  label: string;
  isDisabled?: boolean;
  cols?: SimpleGridProps['cols'];
  spacing?: SimpleGridProps['spacing'];
}

/**
 * A grid whose items can be put in another order by dragging one onto the place of another
 * (HTML drag and drop). Drags are only the pointer's way: items should also offer buttons that
 * move them, for the keyboard.
 */
export function SortableGrid<T>({ items, getKey, onMove, renderItem, label, isDisabled, cols, spacing = 'md' }: SortableGridProps<T>) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  function reset() {
    setDragIndex(null);
    setOverIndex(null);
  }

  const isOwnDrag = (event: DragEvent) => dragIndex !== null && Array.from(event.dataTransfer.types).includes(DRAG_TYPE);

  return (
    <SimpleGrid component="ol" aria-label={label} cols={cols} spacing={spacing} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) => {
        const key = getKey(item);
        return (
          <li
            key={key}
            draggable={!isDisabled}
            onDragStart={(event) => {
              if (isDisabled) return;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData(DRAG_TYPE, String(key));
              setDragIndex(index);
            }}
            onDragEnter={(event) => {
              if (!isOwnDrag(event)) return;
              event.preventDefault();
              setOverIndex(index);
            }}
            onDragOver={(event) => {
              if (!isOwnDrag(event)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              if (overIndex !== index) setOverIndex(index);
            }}
            onDrop={(event) => {
              if (!isOwnDrag(event)) return;
              event.preventDefault();
              const from = dragIndex;
              reset();
              if (from !== null && from !== index) onMove(from, index);
            }}
            onDragEnd={reset}
            style={{ minWidth: 0 }}
          >
            {renderItem(item, index, { isDragging: dragIndex === index, isDropTarget: overIndex === index && dragIndex !== index })}
          </li>
        );
      })}
    </SimpleGrid>
  );
}
