import { Button, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconUpload, type TablerIcon } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

export interface DropZoneProps {
  /** The file input's accessible name, e.g. "Upload images". */
  inputLabel: string;
  /** The button that opens the file dialog, e.g. "Choose images". */
  buttonLabel: string;
  /** The line that invites a drop, e.g. "Drop images here". */
  title: string;
  /** What may be dropped and how large it may be. */
  hint?: ReactNode;
  /** The file dialog's `accept` list; drops are not filtered (the caller checks each file). */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  icon?: TablerIcon;
  onFiles: (files: File[]) => void;
}

/** Whether a drag carries files from the computer (not a dragged element of the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * An area that takes files dropped on it, with a button that opens the file dialog. The input is
 * labelled for assistive technology and tests; the button is its keyboard way in.
 */
export function DropZone({ inputLabel, buttonLabel, title, hint, accept, multiple = true, disabled, icon: Icon = IconUpload, onFiles }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [isOver, setOver] = useState(false);
  const depth = useRef(0);

  function handleDragEnter(event: DragEvent<HTMLDivElement>) {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  function handleDragLeave(event: DragEvent<HTMLDivElement>) {
    if (disabled || !carriesFiles(event)) return;
    // Leaving a child fires too: only the last leave means the pointer left the zone.
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      onDragEnter={handleDragEnter}
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
      data-over={isOver || undefined}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: isOver ? 'var(--mantine-primary-color-filled)' : undefined,
        background: isOver ? 'var(--mantine-primary-color-light)' : 'var(--corner-surface-subtle)',
        opacity: disabled ? 0.6 : 1,
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <Group gap="md" wrap="wrap" align="center">
        <ThemeIcon size={48} radius="xl" variant="light" visibleFrom="xs">
          <Icon size={26} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} disabled={disabled} onClick={() => inputRef.current?.click()}>
          {buttonLabel}
        </Button>
      </Group>
      <VisuallyHidden>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          aria-label={inputLabel}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // Cleared so that choosing the same file again (after a failure) still reports it.
            event.currentTarget.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </VisuallyHidden>
    </Paper>
  );
}
