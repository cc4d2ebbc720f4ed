import { Alert, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { MetadataChange, PatientMetadata } from '@tend/api/model';
import { ProblemAlert, useVersionedForm, VersionConflictPanel } from '@tend/core';
import { usePatientMetadata, useUpdatePatientMetadata } from '@tend/domain/patient-metadata';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

export interface MetadataDocumentFormProps<V extends Record<string, unknown>> {
  /** The metadata document edited (goals, preferences). */
  documentId: string;
  title: string;
  initialValues: V;
  toValues: (data: Record<string, unknown> | undefined) => V;
  toChanges: (values: V) => MetadataChange[];
  /** The 412 panel's field names and how a value of each is shown. */
  labels: Record<string, string>;
  format: (path: string, value: unknown) => string;
  savedText: string;
  saveLabel: string;
  /** The form's own fields. */
  children: (form: UseFormReturnType<V>) => ReactNode;
}

/**
 * One of the patient's versioned metadata documents as a form (useVersionedForm): loading and error states,
 * the fields, the 412 panel (the patient's edits kept, shown against the stored values, re-applied on
 * request), the failed save's problem, and the saved notice.
 */
export function MetadataDocumentForm<V extends Record<string, unknown>>(props: MetadataDocumentFormProps<V>) {
  const { t } = useTranslation('patient');
  const doc = usePatientMetadata(props.documentId);
  const update = useUpdatePatientMetadata();
  const vf = useVersionedForm<PatientMetadata, V, PatientMetadata>({
    resource: doc.data,
    etag: doc.data?.etag,
    initialValues: props.initialValues,
    toValues: (r) => props.toValues(r.data),
    save: (values, etag) =>
      update.mutateAsync({
        metadataDocumentId: props.documentId,
        data: { metadataChangeList: props.toChanges(values) },
        headers: { ETag: etag },
      }),
    savedResource: (saved) => saved,
  });
  return (
    <Section title={props.title}>
      <Loaded query={doc} failed={t('goals.loadFailed')}>
        {() => (
          <form onSubmit={vf.onSubmit} noValidate>
            <Stack gap="md">
              {props.children(vf.form)}
              {vf.conflict ? (
                <VersionConflictPanel
                  conflict={vf.conflict}
                  labels={props.labels}
                  pending={vf.pending}
                  format={props.format}
                />
              ) : (
                <ProblemAlert problem={vf.problem} onRetry={() => void vf.submit()} />
              )}
              {vf.succeeded && !vf.form.isDirty() ? (
                <Alert color="teal" role="status" variant="light">
                  {props.savedText}
                </Alert>
              ) : null}
              <SubmitButtons label={props.saveLabel} pending={vf.pending} />
            </Stack>
          </form>
        )}
      </Loaded>
    </Section>
  );
}
