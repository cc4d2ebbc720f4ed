import { describe, expect, it } from 'vitest';
import { combinePlans, differingSections, emptyPlan, readPlan, samePlan, toLines, toText } from './model.ts';

const plan = (sections: Partial<Record<string, string[]>>) => readPlan({ sections });

describe('the safety plan model', () => {
  it('reads a stored document safely: unknown sections and non-text entries dropped, entries trimmed', () => {
    expect(readPlan(null)).toEqual(emptyPlan());
    expect(
      readPlan({ sections: { warningSigns: [' Not sleeping ', '', 3], other: ['x'] } }).sections.warningSigns,
    ).toEqual(['Not sleeping']);
    expect(Object.keys(readPlan({}).sections)).toEqual([
      'warningSigns',
      'coping',
      'distractions',
      'helpers',
      'professionals',
      'safer',
      'reasons',
    ]);
  });

  it('turns a section’s text into entries (one a line) and back', () => {
    expect(toLines('Walk the dog\n\n  Music  \n')).toEqual(['Walk the dog', 'Music']);
    expect(toText(['a', 'b'])).toBe('a\nb');
  });

  it('compares two versions section by section', () => {
    const a = plan({ coping: ['Music'], reasons: ['My children'] });
    const b = plan({ coping: ['Music', 'Bath'], reasons: ['My children'] });
    expect(samePlan(a, a)).toBe(true);
    expect(samePlan(a, b)).toBe(false);
    expect(differingSections(a, b)).toEqual(['coping']);
  });

  it('combines both versions without losing an entry of either, each entry once', () => {
    const saved = plan({ coping: ['Music', 'Bath'], helpers: ['Mum'] });
    const mine = plan({ coping: ['music', 'Walk'], reasons: ['My dog'] });
    const both = combinePlans(saved, mine);
    expect(both.sections.coping).toEqual(['Music', 'Bath', 'Walk']);
    expect(both.sections.helpers).toEqual(['Mum']);
    expect(both.sections.reasons).toEqual(['My dog']);
  });
});
