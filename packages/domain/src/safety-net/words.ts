import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';
import { audienceOf, listNames, type Audience } from './model.ts';
import { useSafetyNet } from './queries.ts';

/** The safety net's words (keys `safety-net.…` of the `domain` namespace), bundled: they never wait for a download. */
export const useSafetyNetWords = () => useDomainTranslation('safety-net', en);

export interface WhoSees {
  audience: Audience;
  /** Who, to put inside a sentence: "Alex Morgan", "the Tend Health duty team". */
  who: string;
  /** The organisation's stated response time ("They aim to reply within 24 hours."), or null when none. */
  response: string | null;
  /** While there is no therapist: who looks out for the patient until there is one; else null. */
  dutyNote: string | null;
}

/**
 * Who will see what the signed-in patient shares, in their language: the therapists by name, or the
 * organisation's duty team while there is none (never "your care team" while there is none).
 */
export function useWhoSees(enabled = true): WhoSees {
  const { td, i18n } = useSafetyNetWords();
  const net = useSafetyNet(enabled);
  const audience = audienceOf(net.data);
  const who =
    audience.kind === 'therapists'
      ? listNames(audience.names, i18n.language || 'en')
      : audience.kind === 'duty'
        ? td('safety-net.who.duty', { organisation: audience.organisation })
        : td('safety-net.who.unknown');
  const hours = net.data?.responseHours ?? null;
  return {
    audience,
    who,
    response: hours === null ? null : td('safety-net.response', { count: hours }),
    dutyNote:
      audience.kind === 'duty' ? td('safety-net.dutyNote', { organisation: audience.organisation }) : null,
  };
}
