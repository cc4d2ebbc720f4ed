// @tend/core: what the data layer, the sign-in packages and the apps share and that knows no subject: the one
// error vocabulary (toProblem, ProblemAlert, useUntil), the one way to submit (useSubmit) and to edit a
// versioned resource (useVersionedForm, VersionConflictPanel, reloadOf), the form rules from the contract's
// schemas (formRules, variantSchema), and the `core` words. Time helpers are `@tend/core/time`. See README.md.
export { toProblem, type Problem, type ProblemKind, type ProblemSource } from './problem/toProblem.ts';
export { fieldMessagesOf, formErrorsOf, formFieldPath } from './problem/fields.ts';
export { wordingOf, type ProblemWording } from './problem/wording.ts';
export { ProblemAlert, type ProblemAlertProps } from './problem/ProblemAlert.tsx';
export { timeOfDay, useProblemMessage, useUntil, type ShownProblem } from './problem/useProblemMessage.ts';
export { useProblemWords } from './problem/words.ts';
export {
  useSubmit,
  type FormWithErrors,
  type Submit,
  type SubmitResult,
  type UseSubmitOptions,
} from './submit/useSubmit.ts';
export {
  useVersionedForm,
  type UseVersionedFormOptions,
  type VersionConflict,
  type VersionedForm,
} from './submit/useVersionedForm.ts';
export { reloadOf, type Refetchable } from './submit/reloadOf.ts';
export { VersionConflictPanel, type VersionConflictPanelProps } from './submit/VersionConflictPanel.tsx';
export { compareVersions, reapply, sameValue, valueAt, type FieldVersion } from './submit/versions.ts';
export { useSubmitWords } from './submit/words.ts';
export { CORE_NS, registerCoreWords, useCoreTranslation, type CoreResources } from './i18n.ts';
export { variantSchema } from './schemas.ts';
export { formIssueMessage, formRules, installFormErrorMap } from './formRules.ts';
