import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** A spinner centred in the content area, announced to screen readers with `label`. */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
