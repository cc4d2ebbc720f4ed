import { describe, expect, it } from 'vitest';
import { checkThoughtRecord, isComplete, THOUGHT_RECORD_STEPS } from '@tend/domain/cbt/thought-record';
import { SAMPLE_THOUGHT_RECORD } from '@tend/domain/cbt/thought-record.sample';
import { CBT_TOOLS, SUITABILITY_THRESHOLD, toolBySlug } from './tools.ts';
import { canSave, emptyValues, fromBody, isDraft, resumeStep, toBody, type Thought } from './values.ts';

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
    v.thoughts = [
      { text: '', belief: 50, hot: false },
      { text: 'They think I am useless', belief: 80, hot: false },
    ];
    expect(canSave(record, v)).toBe(true);
    // The only thought written is the hot one.
    expect(toBody(record, v, false)).toEqual({
      situation: 'Meeting at work',
      thoughts: ['They think I am useless'],
      thoughtBeliefs: [80],
      hotThought: 0,
      completed: false,
    });
  });

  it('asks which thought is the hot one when there are several, and counts its position among those written', () => {
    const v = emptyValues(record);
    v.situation = 'Work';
    v.thoughts = [
      { text: 'I will fail', belief: 90, hot: false },
      { text: ' ', belief: 50, hot: false },
      { text: 'Everyone will see', belief: 60, hot: false },
    ];
    expect(canSave(record, v)).toBe(false);
    v.thoughts = (v.thoughts as Thought[]).map((t, i) => ({ ...t, hot: i === 2 }));
    expect(canSave(record, v)).toBe(true);
    expect(toBody(record, v, false)).toMatchObject({
      thoughts: ['I will fail', 'Everyone will see'],
      thoughtBeliefs: [90, 60],
      hotThought: 1,
    });
  });

  it('resumes a draft at the first empty step, and reads a stored entry back', () => {
    const body = { situation: 'Work', thoughts: ['I will fail'], completed: false };
    expect(isDraft(body)).toBe(true);
    expect(isDraft({ ...body, completed: true })).toBe(false);
    expect(isDraft({ situation: 'x' })).toBe(false);
    const values = fromBody(record, body);
    expect(values.thoughts).toEqual([{ text: 'I will fail', belief: 50, hot: false }]);
    expect(resumeStep(record, values)).toBe(2);
    values.emotions = [{ name: 'Anxious', word: 'anxious', intensity: 70 }];
    values.distortions = ['mind-reading'];
    expect(resumeStep(record, values)).toBe(4);
    expect(toBody(record, values, true)).toMatchObject({
      emotions: [{ name: 'Anxious', word: 'anxious', intensity: 70 }],
      distortions: ['mind-reading'],
      completed: true,
    });
  });

  it('round-trips the whole seven-column record, and never sends what the server would refuse', () => {
    const full = SAMPLE_THOUGHT_RECORD;
    // The form's steps are the model's seven columns, in its order.
    expect(record.steps.map((step) => step.id)).toEqual([...THOUGHT_RECORD_STEPS]);
    const values = fromBody(record, full);
    expect(resumeStep(record, values)).toBe(record.steps.length - 1);
    expect(toBody(record, values, true)).toEqual(full);
    expect(isComplete(toBody(record, values, true))).toBe(true);
    // An emotion removed after it was re-rated, a belief without its thought: left out.
    values.emotions = [{ name: 'Dread', intensity: 60 }];
    values.balancedThought = '';
    const body = toBody(record, values, true);
    expect(body.emotionsAfter).toEqual([{ name: 'Dread', intensity: 30 }]);
    expect(body).not.toHaveProperty('balancedBelief');
    expect(checkThoughtRecord(body)).toBeNull();
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
