/** Moves focus to the first field with an error after a failed submit, so the person lands on it. */
export function focusFirstError(errors: Record<string, unknown>, getNode: (path: string) => HTMLElement | null | undefined) {
  const first = Object.keys(errors).find((path) => errors[path]);
  if (!first) return;
  // After Mantine has rendered the error messages.
  requestAnimationFrame(() => getNode(first)?.focus());
}
