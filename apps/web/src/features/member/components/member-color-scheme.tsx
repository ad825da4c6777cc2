import { COLOR_SCHEMES, type ColorScheme } from '@corner/domain';
import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSessionValue } from '../hooks/use-session';
import type { SessionState } from '../session-store';

/** A stored preference as a scheme, `auto` for anything this build does not know. */
export function colorSchemeOf(value: string | null | undefined): ColorScheme {
  return (COLOR_SCHEMES as readonly string[]).includes(value ?? '') ? (value as ColorScheme) : 'auto';
}

/** The confirmed member's scheme, or null before `me` has confirmed the member. */
const wantedScheme = (state: SessionState): ColorScheme | null =>
  state.isTokenValidated && state.member ? colorSchemeOf(state.member.preferences.color_scheme) : null;

/**
 * Applies the signed-in member's colour scheme (Preferences) once `me` has confirmed it. Mantine
 * keeps the last scheme in local storage, so the next visit draws in it before the session is
 * checked; a kept member from an earlier visit is not applied, so a changed preference is not undone.
 */
export function MemberColorScheme() {
  const wanted = useSessionValue(wantedScheme);
  const { setColorScheme } = useMantineColorScheme();
  // Mantine's setter changes with the scheme: keep the latest in a ref, so that this applies the
  // member's value when it arrives or changes, and never undoes a choice made since (Preferences).
  const set = useRef(setColorScheme);
  set.current = setColorScheme;
  useEffect(() => {
    if (wanted) set.current(wanted);
  }, [wanted]);
  return null;
}
