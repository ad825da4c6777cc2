import { COLOR_SCHEMES, type ColorScheme } from '@corner/domain';
import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSession } from '../hooks/use-session';

/** A stored preference as a scheme, `auto` for anything this build does not know. */
export function colorSchemeOf(value: string | null | undefined): ColorScheme {
  return (COLOR_SCHEMES as readonly string[]).includes(value ?? '') ? (value as ColorScheme) : 'auto';
}

/**
 * Applies the signed-in member's colour scheme (Preferences) once `me` has confirmed it. Mantine
 * keeps the last scheme in local storage, so the next visit draws in it before the session is
 * checked; a kept member from an earlier visit is not applied, so a changed preference is not undone.
 */
export function MemberColorScheme() {
  const { member, isTokenValidated } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const wanted = isTokenValidated && member ? colorSchemeOf(member.preferences.color_scheme) : null;
  // Mantine's setter changes with the scheme: keep the latest in a ref, so that this applies the
  // member's value when it arrives or changes, and never undoes a choice made since (Preferences).
  const set = useRef(setColorScheme);
  set.current = setColorScheme;
  useEffect(() => {
    if (wanted) set.current(wanted);
  }, [wanted]);
  return null;
}
