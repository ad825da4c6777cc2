import { ScrollArea, Text, type MantineColor } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
 * Scrolls the strip sideways so that `target` sits in its middle. Only the strip moves: the page's
 * own scroll position stays where the reader left it (scrollIntoView would move it too).
 */
function centreInStrip(viewport: HTMLElement, target: HTMLElement, behavior: ScrollBehavior) {
  const strip = viewport.getBoundingClientRect();
  const box = target.getBoundingClientRect();
  const left = viewport.scrollLeft + (box.left - strip.left) - (strip.width - box.width) / 2;
  viewport.scrollTo({ left: Math.max(0, left), behavior });
}

/**
 * The steps of a multi-step form as links, numbered, with the current one marked: every step can
 * be opened in any order. On narrow screens the strip scrolls sideways, keeps the current step in
 * view, and a line above it says which step is open ("Step 5 of 5 · Terms and submit").
 */
export function StepNav({ label, items, current }: StepNavProps) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const currentRef = useRef<HTMLAnchorElement>(null);
  const hasScrolled = useRef(false);
  const currentIndex = items.findIndex((item) => item.key === current);

  useEffect(() => {
    const viewport = viewportRef.current;
    const target = currentRef.current;
    if (!viewport || !target) return;
    // At once on arrival, smoothly when moving between steps, unless the reader asks for less motion.
    const isCalm = !hasScrolled.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    centreInStrip(viewport, target, isCalm ? 'instant' : 'smooth');
    hasScrolled.current = true;
  }, [current]);

  return (
    <nav aria-label={label} className={classes.nav}>
      {currentIndex >= 0 ? (
        // The list says the same with aria-current; this line is for eyes on a narrow screen.
        <Text className={classes.position} size="sm" fw={600} mb={6} aria-hidden>
          {t('stepNav.position', { step: currentIndex + 1, total: items.length, label: items[currentIndex]!.label })}
        </Text>
      ) : null}
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" viewportRef={viewportRef}>
        <ol className={classes.list}>
          {items.map((item, index) => (
            <li key={item.key}>
              <Link
                ref={item.key === current ? currentRef : undefined}
                to={item.to}
                className={classes.link}
                aria-current={item.key === current ? 'step' : undefined}
              >
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
