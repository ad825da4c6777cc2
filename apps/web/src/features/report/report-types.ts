/** A kind of problem as `reportTypes` serves it. */
export interface ReportTypeOption {
  type: string;
  name: string;
}

/**
 * The readable name of a report's kind. A kind the list does not hold (a retired one, or the list
 * not loaded yet) reads as its stored id rather than nothing.
 */
export function reportTypeName(types: readonly ReportTypeOption[] | undefined, type: string): string {
  return types?.find((option) => option.type === type)?.name ?? type;
}

/** The kinds as the options of a select, in the server's order. */
export function reportTypeOptions(types: readonly ReportTypeOption[] | undefined): { value: string; label: string }[] {
  return (types ?? []).map((option) => ({ value: option.type, label: option.name }));
}
