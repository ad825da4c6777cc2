import { Indicator, NavLink, UnstyledButton, VisuallyHidden, type MantineColor } from '@mantine/core';
import { IconExternalLink, type TablerIcon } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CountBadge } from '../count-badge';
import classes from './nav-menu.module.css';
import { Tooltip } from '../tooltip';

export interface NavMenuLink {
  kind: 'link';
  id: string;
  label: string;
  /** An app path, or a full URL when `external` is set. */
  to: string;
  icon: TablerIcon;
  badge?: { text: string; color?: MantineColor | undefined } | undefined;
  /** Opens in a new tab, outside the app. */
  external?: boolean | undefined;
  isActive?: boolean | undefined;
}

export interface NavMenuSeparator {
  kind: 'separator';
  id: string;
}

export type NavMenuItem = NavMenuLink | NavMenuSeparator;

export interface NavMenuProps {
  items: readonly NavMenuItem[];
  /** Icons only, with the label in a tooltip. */
  isCollapsed: boolean;
  /** Read to screen readers after the label of an external link, e.g. "opens in a new tab". */
  externalHint: string;
  onNavigate?: () => void;
}

/** A vertical list of links with icons, badges and separators. */
export function NavMenu({ items, isCollapsed, externalHint, onNavigate }: NavMenuProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const activeId = items.find((item) => item.kind === 'link' && item.isActive)?.id;
  // A long menu scrolls: keep the current page's link in view (e.g. after following a link).
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  return (
    <ul className={classes.list} ref={listRef}>
      {items.map((item) =>
        item.kind === 'separator' ? (
          // A rule between groups, for the eye only: a list holds list items, and a separator is not one.
          <li key={item.id} aria-hidden="true" className={classes.separator} />
        ) : (
          <li key={item.id}>
            {isCollapsed ? (
              <RailLink link={item} externalHint={externalHint} onNavigate={onNavigate} />
            ) : (
              <FullLink link={item} externalHint={externalHint} onNavigate={onNavigate} />
            )}
          </li>
        ),
      )}
    </ul>
  );
}

interface LinkProps {
  link: NavMenuLink;
  externalHint: string;
  onNavigate?: (() => void) | undefined;
}

function FullLink({ link, externalHint, onNavigate }: LinkProps) {
  const { icon: Icon } = link;
  const common = {
    label: (
      <>
        {link.label}
        {link.external ? <VisuallyHidden> ({externalHint})</VisuallyHidden> : null}
      </>
    ),
    leftSection: <Icon size={20} stroke={1.6} aria-hidden />,
    rightSection: link.badge ? (
      <CountBadge text={link.badge.text} color={link.badge.color} />
    ) : link.external ? (
      <IconExternalLink size={14} stroke={1.6} aria-hidden />
    ) : null,
    active: link.isActive ?? false,
    'aria-current': link.isActive ? ('page' as const) : undefined,
    className: classes.link,
    onClick: onNavigate,
  };
  if (link.external) {
    return <NavLink component="a" href={link.to} target="_blank" rel="noopener" {...common} />;
  }
  return <NavLink component={Link} to={link.to} {...common} />;
}

function RailLink({ link, externalHint, onNavigate }: LinkProps) {
  const { icon: Icon } = link;
  const name = [link.label, link.badge?.text, link.external ? `(${externalHint})` : undefined]
    .filter(Boolean)
    .join(' ');
  const icon = (
    <Indicator
      disabled={!link.badge}
      label={link.badge?.text}
      size={16}
      offset={2}
      color={link.badge?.color}
      inline
    >
      <Icon size={22} stroke={1.6} aria-hidden />
    </Indicator>
  );
  const props = {
    className: classes.railLink,
    'aria-label': name,
    'aria-current': link.isActive ? ('page' as const) : undefined,
    'data-active': link.isActive || undefined,
    onClick: onNavigate,
  };
  return (
    <Tooltip label={link.label} position="right" withArrow openDelay={150}>
      {link.external ? (
        <UnstyledButton component="a" href={link.to} target="_blank" rel="noopener" {...props}>
          {icon}
        </UnstyledButton>
      ) : (
        <UnstyledButton component={Link} to={link.to} {...props}>
          {icon}
        </UnstyledButton>
      )}
    </Tooltip>
  );
}
