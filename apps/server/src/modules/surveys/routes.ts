// surveys tag: the calling patient's survey sessions and their answer to one (submitSurveyResponse), and for administrators: list (startAfter cursor),
// create, config read and replace with ETag, delete, and the organisations offering a survey.
//
// Who may do what (administrators, see ../organisations/access.ts):
// - a survey is VISIBLE to an administrator who created it or who administers one of the organisations
//   offering it (a platform administrator sees all); anyone else gets 404;
// - it is MANAGED (config replaced, deleted) by its creator, a platform administrator, or an
//   administrator of every organisation offering it; a visible survey they may not manage answers 403;
// - its organisations are changed only among the organisations the administrator runs: links to other
//   organisations are kept as they are, and naming one of those answers 403.
// The surveys table (id, type, config jsonb) is also read by the onboarding module (responses).
//
// The handlers: ./sessions.ts (the patient's) and ./manage.ts (the administrators'); the config's checks
// in ./config.ts, who sees and manages a survey in ./access.ts.
import type { Handlers } from '../../http/types.ts';
import { manageHandlers } from './manage.ts';
import { sessionHandlers } from './sessions.ts';

export const handlers: Handlers = { ...sessionHandlers, ...manageHandlers };
