import type { FormErrors, UseFormReturnType } from '@mantine/form';

/**
 * Moves focus to the first field with an error (in page order) after a failed submit, so the person lands on
 * it and hears its message.
 */
export function focusFirstError(
  errors: Record<string, unknown>,
  getNode: (path: string) => HTMLElement | null | undefined,
) {
  // After Mantine has rendered the error messages.
  requestAnimationFrame(() => {
    const nodes = Object.keys(errors)
      .filter((path) => errors[path])
      .map((path) => getNode(path))
      .filter((node): node is HTMLElement => Boolean(node));
    nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    nodes[0]?.focus();
  });
}

/** A form's submit handler: `onValid` with the values, or focus on the first invalid field. */
export function onSubmitOrFocus<Values>(
  form: Pick<UseFormReturnType<Values>, 'onSubmit' | 'getInputNode'>,
  onValid: (values: Values) => void,
) {
  return form.onSubmit(onValid, (errors: FormErrors) => focusFirstError(errors, form.getInputNode));
}
