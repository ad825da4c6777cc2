import { ScrollArea, Text, type MantineColor } from '@mantine/core';
import { Link } from 'react-router';
import classes from './step-nav.module.css';

export interface StepNavItem {
  key: string;
  label: string;
  to: string;
  /** A short state under the label, e.g. "2 missing" or "Ready". */
  hint?: string | undefined;
  hintColor?: MantineColor | undefined;
}

export interface StepNavProps {
  /** Names the navigation for screen readers. */
  label: string;
  items: readonly StepNavItem[];
  /** The key of the current step. */
  current: string;
}

/**
 * The steps of a multi-step form as links, numbered, with the current one marked: every step can
 * be opened in any order. Scrolls sideways on narrow screens.
 */
export function StepNav({ label, items, current }: StepNavProps) {
  return (
    <nav aria-label={label}>
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
        <ol className={classes.list}>
          {items.map((item, index) => (
            <li key={item.key}>
              <Link to={item.to} className={classes.link} aria-current={item.key === current ? 'step' : undefined}>
                <span className={classes.number} aria-hidden>
                  {index + 1}
                </span>
                <span>
                  <Text component="span" display="block" fw={600} size="sm" lh={1.3}>
                    {item.label}
                  </Text>
                  {item.hint ? (
                    <Text component="span" display="block" size="xs" c={item.hintColor ?? 'dimmed'} mt={2}>
                      {item.hint}
                    </Text>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </ScrollArea>
    </nav>
  );
}
