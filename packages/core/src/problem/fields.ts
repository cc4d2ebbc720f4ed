/**
 * A problem's field errors in a form's terms: the server's field paths as form paths, limited to the form's
 * fields, and worded by the screen (the server's English reasons never reach the screen).
 */
import type { Problem } from './toProblem.ts';

/** Normalises the server's field paths (`body.mood`, `query.email`, `body`) to form paths (`mood`, `email`). */
export function formFieldPath(path: string): string {
  return path.replace(/^(body|query|params|path|headers|header)(\.|$)/, '').replace(/\[(\d+)\]/g, '.$1');
}

/** Field errors of a problem for @mantine/form's `setErrors`, limited to the fields the form has. */
export function formErrorsOf(problem: Problem, fields?: readonly string[]): Record<string, string> {
  if (!fields) return problem.fields;
  return Object.fromEntries(
    Object.entries(problem.fields).filter(([path]) =>
      fields.some((f) => path === f || path.startsWith(`${f}.`)),
    ),
  );
}

/**
 * The field errors a form shows for a problem, in the screen's words: each field the server refused gets its
 * `messages` entry (the screen's own sentence for that field), else `fallback` (a translated "Please check
 * this."). The server's English reasons never reach the screen. `fields` limits them to the form's fields.
 */
export function fieldMessagesOf(
  problem: Problem,
  fallback: string,
  messages: Readonly<Record<string, string>> = {},
  fields?: readonly string[],
): Record<string, string> {
  const messageOf = (path: string) => {
    if (messages[path] !== undefined) return messages[path];
    const parent = Object.keys(messages).find((field) => path.startsWith(`${field}.`));
    return parent !== undefined ? messages[parent]! : fallback;
  };
  return Object.fromEntries(
    Object.keys(formErrorsOf(problem, fields)).map((path) => [path, messageOf(path)] as const),
  );
}
