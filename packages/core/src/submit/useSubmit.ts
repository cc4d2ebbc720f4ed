import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { fieldMessagesOf } from '../problem/fields.ts';
import { toProblem, type Problem } from '../problem/toProblem.ts';
import { useProblemWords } from '../problem/words.ts';

/** What a submit answers: never throws, so a form handler needs no try/catch. */
export type SubmitResult<TData> = { ok: true; data: TData } | { ok: false; problem: Problem };

/** The part of a @mantine/form form that useSubmit fills with the server's field errors. */
export interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

export interface UseSubmitOptions<TData, TVars> {
  /**
   * On a failure, the fields the server refused (details.fields) are marked on this form, in words: each
   * field's `fieldMessages` entry, else "Please check this." (the server's own reasons are never shown).
   */
  form?: FormWithErrors;
  /** The screen's own sentence for a field the server refused (by form path). */
  fieldMessages?: Readonly<Record<string, string>>;
  onSuccess?: (data: TData, vars: TVars) => void;
  onProblem?: (problem: Problem, vars: TVars) => void;
}

export interface Submit<TData, TVars> {
  /** Runs the action once; answers the result (a failure keeps everything the person typed: nothing is reset). */
  submit(vars: TVars): Promise<SubmitResult<TData>>;
  pending: boolean;
  /** The last failure, as the screen shows it; null after a success or reset. */
  problem: Problem | null;
  succeeded: boolean;
  data: TData | undefined;
  reset(): void;
}

/**
 * The one way to submit: pending, problem, success, without hand-rolled busy state. `action` is usually a
 * domain mutation's `mutateAsync` (whose own onSuccess updates the cache from what the server answered), or
 * any async function (a local save). Never retried automatically: a person decides to try again.
 */
export function useSubmit<TData, TVars = void>(
  action: (vars: TVars) => Promise<TData>,
  options: UseSubmitOptions<TData, TVars> = {},
): Submit<TData, TVars> {
  const { tc } = useProblemWords();
  const fallback = tc('problem.fieldInvalid');
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  const actionRef = useRef(action);
  actionRef.current = action;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const mutation = useMutation<TData, unknown, TVars>({
    mutationFn: (vars) => actionRef.current(vars),
    retry: false,
  });
  const { mutateAsync, reset } = mutation;
  const problem = useMemo(
    () => (mutation.error === null ? null : toProblem(mutation.error)),
    [mutation.error],
  );
  const submit = useCallback(
    async (vars: TVars): Promise<SubmitResult<TData>> => {
      try {
        const data = await mutateAsync(vars);
        optionsRef.current.onSuccess?.(data, vars);
        return { ok: true, data };
      } catch (error) {
        const p = toProblem(error);
        const fields = fieldMessagesOf(p, fallbackRef.current, optionsRef.current.fieldMessages);
        if (optionsRef.current.form && Object.keys(fields).length > 0)
          optionsRef.current.form.setErrors(fields);
        optionsRef.current.onProblem?.(p, vars);
        return { ok: false, problem: p };
      }
    },
    [mutateAsync],
  );
  return {
    submit,
    pending: mutation.isPending,
    problem,
    succeeded: mutation.isSuccess,
    data: mutation.data,
    reset,
  };
}
