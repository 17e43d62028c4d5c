/** An environment variable's value trimmed; undefined when unset or blank. */
export function envText(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
