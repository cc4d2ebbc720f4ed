import { describe, expect, it } from 'vitest';
import {
  CBT_TOOLS,
  canSave,
  emptyValues,
  fromBody,
  isDraft,
  resumeStep,
  SUITABILITY_THRESHOLD,
  toBody,
  toolBySlug,
} from './tools.ts';

const record = toolBySlug('thought-record')!;

describe('the CBT toolkit', () => {
  it('has a tool for every CBT exercise of the contract, each with steps', () => {
    expect(CBT_TOOLS.map((t) => t.type).sort()).toEqual(
      [
        'cbt-automatic-thoughts',
        'cbt-being-objective',
        'cbt-core-belief',
        'cbt-evidence',
        'cbt-hot-thought',
        'cbt-screening',
        'cbt-unhealthy',
      ].sort(),
    );
    for (const tool of CBT_TOOLS) expect(tool.steps.length).toBeGreaterThan(0);
  });

  it('saves a draft only once the contract’s required fields have a value, leaving empty fields out', () => {
    const v = emptyValues(record);
    expect(canSave(record, v)).toBe(false);
    v.situation = '  Meeting at work ';
    v.thoughts = ['', 'They think I am useless'];
    expect(canSave(record, v)).toBe(true);
    expect(toBody(record, v, false)).toEqual({
      situation: 'Meeting at work',
      thoughts: ['They think I am useless'],
      completed: false,
    });
  });

  it('resumes a draft at the first empty step, and reads a stored entry back', () => {
    const body = { situation: 'Work', thoughts: ['I will fail'], completed: false };
    expect(isDraft(body)).toBe(true);
    expect(isDraft({ ...body, completed: true })).toBe(false);
    expect(isDraft({ situation: 'x' })).toBe(false);
    const values = fromBody(record, body);
    expect(resumeStep(record, values)).toBe(2);
    values.emotions = [{ name: 'Anxious', intensity: 70 }];
    values.distortions = ['mind-reading'];
    expect(resumeStep(record, values)).toBe(3);
    expect(toBody(record, values, true)).toMatchObject({
      emotions: [{ name: 'Anxious', intensity: 70 }],
      distortions: ['mind-reading'],
      completed: true,
    });
  });

  it('scores the suitability screening and suggests CBT at the threshold', () => {
    const tool = toolBySlug('suitability')!;
    const v = emptyValues(tool);
    v.answers = [4, 4, 4, 4, 4, 0, 0, null];
    expect(canSave(tool, v)).toBe(false);
    v.answers = [4, 4, 4, 4, 4, 0, 0, 0];
    expect(toBody(tool, v, true)).toMatchObject({ score: SUITABILITY_THRESHOLD, recommended: true });
    v.answers = [4, 4, 4, 4, 3, 0, 0, 0];
    expect(toBody(tool, v, true)).toMatchObject({ score: SUITABILITY_THRESHOLD - 1, recommended: false });
  });
});
