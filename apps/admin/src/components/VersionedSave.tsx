import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  ProblemAlert,
  VersionConflictPanel,
  type VersionConflictPanelProps,
  type VersionedForm,
} from '@tend/core';
import { SaveRow } from './SaveRow.tsx';

export interface VersionedSaveProps<V extends Record<string, unknown>> {
  /** The form of a versioned (ETag) resource. */
  vf: VersionedForm<V, unknown>;
  /** The fields' labels and how a value is shown, for a 412's side-by-side view. */
  labels: Record<string, ReactNode>;
  format?: VersionConflictPanelProps<V>['format'];
  /** The save's problem in the form's own words (else ProblemAlert's). */
  problem?: ReactNode;
  saveLabel: ReactNode;
  savedText: ReactNode;
  savedColor?: MantineColor;
  /** The save cannot be pressed for a reason of the form's own (it never can during a 412). */
  disabled?: boolean;
  /** More buttons beside the save. */
  children?: ReactNode;
}

/**
 * The end of an editing form of a versioned resource: a 412 shown against the stored values (or the save's
 * problem), then the save, and once saved a line that says so.
 */
export function VersionedSave<V extends Record<string, unknown>>({
  vf,
  labels,
  format,
  problem,
  saveLabel,
  savedText,
  savedColor,
  disabled,
  children,
}: VersionedSaveProps<V>) {
  return (
    <>
      {vf.conflict ? (
        <VersionConflictPanel conflict={vf.conflict} labels={labels} format={format} pending={vf.pending} />
      ) : (
        (problem ?? <ProblemAlert problem={vf.problem} />)
      )}
      <SaveRow
        label={saveLabel}
        pending={vf.pending}
        disabled={Boolean(vf.conflict) || disabled}
        saved={vf.succeeded}
        savedText={savedText}
        savedColor={savedColor}
      >
        {children}
      </SaveRow>
    </>
  );
}
