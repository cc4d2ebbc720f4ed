import { describe, expect, it } from 'vitest';
import { resultWording } from './resultWording.ts';

/** What resultWording should answer: whether the safety message comes first, and the explanation's key. */
const wording = (safetyFirst: boolean, explainKey: string) => ({ safetyFirst, explainKey });

describe('resultWording', () => {
  it('opens with the safety message and never reassures when item 9 is above 0', () => {
    expect(resultWording('minimal', true)).toEqual(wording(true, 'screening.explainSafety.minimal'));
    expect(resultWording('mild', true)).toEqual(wording(true, 'screening.explainSafety.mild'));
  });

  it('keeps the higher bands’ words (they already ask the person to talk to someone), safety first', () => {
    expect(resultWording('moderate', true)).toEqual(wording(true, 'screening.explain.moderate'));
    expect(resultWording('severe', true)).toEqual(wording(true, 'screening.explain.severe'));
  });

  it('uses the band’s own words without a safety answer', () => {
    expect(resultWording('minimal', false)).toEqual(wording(false, 'screening.explain.minimal'));
  });
});
