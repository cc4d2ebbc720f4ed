import { describe, expect, it } from 'vitest';
import { resultWording } from './resultWording.ts';

describe('resultWording', () => {
  it('opens with the safety message and never reassures when item 9 is above 0', () => {
    expect(resultWording('minimal', true)).toEqual({
      safetyFirst: true,
      explainKey: 'screening.explainSafety.minimal',
    });
    expect(resultWording('mild', true)).toEqual({
      safetyFirst: true,
      explainKey: 'screening.explainSafety.mild',
    });
  });

  it('keeps the higher bands’ words (they already ask the person to talk to someone), safety first', () => {
    expect(resultWording('moderate', true)).toEqual({
      safetyFirst: true,
      explainKey: 'screening.explain.moderate',
    });
    expect(resultWording('severe', true)).toEqual({
      safetyFirst: true,
      explainKey: 'screening.explain.severe',
    });
  });

  it('uses the band’s own words without a safety answer', () => {
    expect(resultWording('minimal', false)).toEqual({
      safetyFirst: false,
      explainKey: 'screening.explain.minimal',
    });
  });
});
