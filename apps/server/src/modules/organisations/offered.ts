// What a patient's organisation offers: the merged app settings (the organisation's own values, else its
// parent's, up to the root; see ./service.ts) decide which patient features the server accepts. A feature
// is offered unless the merged value is `false` (unset everywhere = offered, as the admin console shows it).
// Refusals are 403 `feature_not_offered` with the feature named, so the apps can say why.
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { ORG_COLUMNS, ownValues, type OrgRow } from './service.ts';

export type OfferedFeature = 'chat' | 'emergencyChat' | 'journal' | 'cbt' | 'screening';

const SETTING: Record<OfferedFeature, string> = {
  chat: 'chatEnabled',
  emergencyChat: 'emergencyChatEnabled',
  journal: 'journalEnabled',
  cbt: 'cbtEnabled',
  screening: 'screeningEnabled',
};

/** How the refusal names the feature to a person. */
const NAME: Record<OfferedFeature, string> = {
  chat: 'Chat with your care team',
  emergencyChat: 'Urgent chat with your care team',
  journal: 'The journal',
  cbt: 'The CBT tools',
  screening: 'The questionnaires (PHQ-9 and GAD-7)',
};

/** The moment types each feature owns (other types, e.g. check-ups and exercises, are always offered). */
const MOMENT_FEATURE: Record<string, OfferedFeature> = {
  journal: 'journal',
  'cbt-core-belief': 'cbt',
  'cbt-being-objective': 'cbt',
  'cbt-automatic-thoughts': 'cbt',
  'cbt-hot-thought': 'cbt',
  'cbt-evidence': 'cbt',
  'cbt-unhealthy': 'cbt',
  'cbt-screening': 'cbt',
  phq9: 'screening',
  gad7: 'screening',
};

export const featureOfMoment = (eventType: string): OfferedFeature | undefined =>
  Object.hasOwn(MOMENT_FEATURE, eventType) ? MOMENT_FEATURE[eventType] : undefined;

/** The merged app settings of an organisation (walking up its parents), {} for none. */
export async function mergedAppSettings(
  db: Db,
  organisationId: string | null,
): Promise<Record<string, unknown>> {
  const chain: OrgRow[] = [];
  let id = organisationId;
  while (id && chain.length < 32 && !chain.some((r) => r.id === id)) {
    const row = (await db
      .selectFrom('organisations')
      .select([...ORG_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirst()) as OrgRow | undefined;
    if (!row) break;
    chain.push(row);
    id = row.parent_id;
  }
  const out: Record<string, unknown> = {};
  for (const row of chain.reverse()) Object.assign(out, ownValues(row, 'appSettings'));
  return out;
}

export const isOffered = (settings: Record<string, unknown>, feature: OfferedFeature) =>
  settings[SETTING[feature]] !== false;

export function notOffered(feature: OfferedFeature): HttpError {
  return new HttpError(403, 'feature_not_offered', `${NAME[feature]} is not offered by your organisation.`, {
    feature,
  });
}

/** 403 `feature_not_offered` unless every feature is offered by the patient's organisation. */
export async function requireOffered(
  db: Db,
  organisationId: string | null,
  ...features: OfferedFeature[]
): Promise<void> {
  if (features.length === 0) return;
  const settings = await mergedAppSettings(db, organisationId);
  for (const f of features) if (!isOffered(settings, f)) throw notOffered(f);
}

/** 403 when a moment type belongs to a feature the patient's organisation does not offer. */
export async function requireMomentTypesOffered(
  db: Db,
  organisationId: string | null,
  eventTypes: readonly string[],
): Promise<void> {
  const features = [...new Set(eventTypes.map(featureOfMoment).filter((f): f is OfferedFeature => !!f))];
  await requireOffered(db, organisationId, ...features);
}
