/** Adds a warning once: a conversation with ten named messages should say so once, not ten times. */
export function addWarning(warnings: string[], warning: string): void {
  if (!warnings.includes(warning)) warnings.push(warning);
}
