import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Problem } from '../problem/toProblem.ts';
import { useSubmit, type SubmitResult } from './useSubmit.ts';
import { compareVersions, reapply, sameValue, type FieldVersion } from './versions.ts';

type Values = Record<string, unknown>;

export interface UseVersionedFormOptions<TResource, TValues extends Values, TSaved> {
  /** The resource as read (undefined while loading). */
  resource: TResource | undefined;
  /** The version read with it (the body field `etag`, or the ETag header given to `request.onEtag`). */
  etag: string | null | undefined;
  /** Empty values for the form before the resource has arrived. */
  initialValues: TValues;
  /** The form's values of a resource (also used on the stored resource a 412 carries). */
  toValues(resource: TResource): TValues;
  /** Saves the values with the ETag they were edited from (a domain mutation's mutateAsync). */
  save(values: TValues, etag: string): Promise<TSaved>;
  /** The resource a save answered, when it answers one (its `etag` becomes the new version). */
  savedResource?(saved: TSaved): TResource | undefined;
  /** The resource's ETag (default `resource.etag`). */
  etagOf?(resource: TResource): string | null | undefined;
  /** @mantine/form validation (e.g. schemaResolver over the contract's zod schema). */
  validate?: FormValidateInput<TValues> | ((values: TValues) => Record<string, string | null>);
  /** The screen's own sentence for a field the server refused (else "Please check this."). */
  fieldMessages?: Readonly<Record<string, string>>;
  /** Reads the resource again when a 412 carries no stored version. */
  reload?(): Promise<TResource | undefined>;
  onSaved?(saved: TSaved): void;
}

/** A 412 as the form shows it: the person's values against the stored ones, field by field. */
export interface VersionConflict<TValues> {
  fields: FieldVersion[];
  /** The stored values now. */
  stored: TValues;
  /** Keeps every field the person changed, takes the stored value of every other field, and saves again. */
  reapply(): Promise<SubmitResult<unknown>>;
  /** Drops the person's edits and shows the stored version. */
  useStored(): void;
}

export interface VersionedForm<TValues extends Values, TSaved> {
  form: UseFormReturnType<TValues>;
  /** The resource has been read and is in the form. */
  ready: boolean;
  /** The version the next save sends. */
  etag: string | null;
  /** Validates and saves; a failure keeps everything typed. */
  submit(): Promise<SubmitResult<TSaved> | undefined>;
  /** For `<form onSubmit={…}>`. */
  onSubmit(event?: { preventDefault(): void }): void;
  pending: boolean;
  problem: Problem | null;
  succeeded: boolean;
  conflict: VersionConflict<TValues> | null;
}

const defaultEtagOf = (resource: unknown) =>
  typeof resource === 'object' &&
  resource !== null &&
  typeof (resource as { etag?: unknown }).etag === 'string'
    ? (resource as { etag: string }).etag
    : null;

/**
 * The one way to edit a versioned (ETag) resource: keeps the ETag of the read, sends it, and on 412 keeps the
 * person's edits and shows theirs against the stored values, field by field, with re-apply. The form follows
 * the resource while the person has not edited it (a refetch shows the newer version); once edited, nothing the
 * server sends replaces what they typed.
 */
export function useVersionedForm<TResource, TValues extends Values, TSaved = unknown>(
  options: UseVersionedFormOptions<TResource, TValues, TSaved>,
): VersionedForm<TValues, TSaved> {
  const opts = useRef(options);
  opts.current = options;
  const etagOf = (r: TResource) => (opts.current.etagOf ?? defaultEtagOf)(r) ?? null;
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: options.initialValues,
    ...(options.validate ? { validate: options.validate as FormValidateInput<TValues> } : {}),
  });
  const [base, setBase] = useState<TValues | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{
    stored: TValues;
    storedEtag: string | null;
    mine: TValues;
  } | null>(null);

  // The resource arrives (or changes on a refetch): show it unless the person is editing.
  const { resource } = options;
  useEffect(() => {
    if (resource === undefined) return;
    const values = opts.current.toValues(resource);
    const readEtag = opts.current.etag ?? etagOf(resource);
    setBase((current) => {
      if (current && form.isDirty()) return current;
      if (current && sameValue(current, values)) return current;
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      setEtag(readEtag);
      return values;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the resource only
  }, [resource]);

  const saver = useSubmit<TSaved, { values: TValues; etag: string }>(
    (v) => opts.current.save(v.values, v.etag),
    { form, fieldMessages: options.fieldMessages },
  );

  const save = useCallback(
    async (values: TValues, withEtag: string | null): Promise<SubmitResult<TSaved>> => {
      const result = await saver.submit({ values, etag: withEtag ?? '' });
      if (result.ok) {
        const saved = opts.current.savedResource?.(result.data);
        const nextValues = saved ? opts.current.toValues(saved) : values;
        const nextEtag = saved ? etagOf(saved) : null;
        form.setInitialValues(nextValues);
        form.setValues(nextValues);
        form.resetDirty(nextValues);
        setBase(nextValues);
        setEtag(nextEtag);
        setConflict(null);
        opts.current.onSaved?.(result.data);
      } else if (result.problem.kind === 'versionConflict') {
        let stored: TResource | undefined = result.problem.current as TResource | undefined;
        if (stored === undefined && opts.current.reload) stored = await opts.current.reload();
        if (stored !== undefined) {
          setConflict({
            stored: opts.current.toValues(stored),
            storedEtag: result.problem.etag ?? etagOf(stored),
            mine: values,
          });
        }
      }
      return result;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form and saver are stable enough; options via ref
    [saver.submit, form],
  );

  const submit = useCallback(async () => {
    const validation = form.validate();
    if (validation.hasErrors) return undefined;
    return save(form.getValues(), etag);
  }, [form, save, etag]);

  const conflictView: VersionConflict<TValues> | null =
    conflict && base
      ? {
          fields: compareVersions(base, form.getValues(), conflict.stored).filter(
            (f) => f.changedByMe || f.changedByThem,
          ),
          stored: conflict.stored,
          reapply: async () => {
            const merged = reapply(base, form.getValues(), conflict.stored);
            form.setValues(merged);
            setBase(conflict.stored);
            setEtag(conflict.storedEtag);
            return save(merged, conflict.storedEtag);
          },
          useStored: () => {
            form.setInitialValues(conflict.stored);
            form.setValues(conflict.stored);
            form.resetDirty(conflict.stored);
            setBase(conflict.stored);
            setEtag(conflict.storedEtag);
            setConflict(null);
            saver.reset();
          },
        }
      : null;

  return {
    form,
    ready: base !== null,
    etag,
    submit,
    onSubmit: (event) => {
      event?.preventDefault();
      void submit();
    },
    pending: saver.pending,
    problem: saver.problem,
    succeeded: saver.succeeded && !conflict,
    conflict: conflictView,
  };
}
