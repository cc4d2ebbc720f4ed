// @tend/domain/research: the patient's research consent where their organisation's research settings ask
// for it (asked once on Today, changed in Account), and how long the organisation keeps their moments.
export { useAnswerResearchConsent, useResearchConsent } from './queries.ts';
export { ResearchConsentPrompt, ResearchConsentSetting } from './ResearchConsent.tsx';
