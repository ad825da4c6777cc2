import { FIRST_PAINT_COOKIES, type Theme } from '@corner/domain';
import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';

/**
 * What the server needs to draw a page's first paint as the app will draw it (app-documents.ts on
 * the server): the colour scheme and role theme the app drew in last, and whether the side menu is
 * kept narrow, in the cookies of FIRST_PAINT_COOKIES, which the server reads with the request for
 * the page.
 */

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberForFirstPaint(name: (typeof FIRST_PAINT_COOKIES)[keyof typeof FIRST_PAINT_COOKIES], value: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}

/**
 * Keeps the scheme the app draws in (the member's choice, or the device's) and the role theme (its
 * accent) for the next first paint.
 */
export function RememberPaint({ theme }: { theme: Theme }) {
  const scheme = useComputedColorScheme('light');
  useEffect(() => rememberForFirstPaint(FIRST_PAINT_COOKIES.colorScheme, scheme), [scheme]);
  useEffect(() => rememberForFirstPaint(FIRST_PAINT_COOKIES.theme, theme), [theme]);
  return null;
}
