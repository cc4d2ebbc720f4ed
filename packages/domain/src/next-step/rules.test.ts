import { describe, expect, it } from 'vitest';
import { MAX_STEPS, nextSteps, type Circumstances, type Recorded } from './rules.ts';

const alone: Circumstances = { hasTherapist: false, chatOffered: true, cbtOffered: true };
const withTherapist: Circumstances = { hasTherapist: true, chatOffered: true, cbtOffered: true };
const checkup = (mood: number, more: Partial<Extract<Recorded, { kind: 'checkup' }>> = {}): Recorded => ({
  kind: 'checkup',
  mood,
  ...more,
});

describe('a helpful next step', () => {
  it('suggests nothing after a good day', () => {
    expect(nextSteps(checkup(4, { anxiety: 2, sleep: 4, energy: 4 }), withTherapist)).toEqual([]);
    expect(nextSteps({ kind: 'gad7', severity: 'mild' }, withTherapist)).toEqual([]);
    expect(nextSteps({ kind: 'phq9', severity: 'minimal', item9: 0 }, withTherapist)).toEqual([]);
  });

  it('puts the safety plan first after very low mood, then the therapist where there is one', () => {
    expect(nextSteps(checkup(1, { anxiety: 5, sleep: 1, energy: 1 }), withTherapist)).toEqual([
      'safety-plan',
      'message-therapist',
    ]);
    expect(nextSteps(checkup(1, { anxiety: 5 }), alone)).toEqual(['safety-plan', 'breathing']);
  });

  it('puts the safety plan first after a PHQ-9 with item 9 above 0, whatever the total', () => {
    expect(nextSteps({ kind: 'phq9', severity: 'minimal', item9: 1 }, alone)).toEqual(['safety-plan']);
    expect(nextSteps({ kind: 'phq9', severity: 'severe', item9: 0 }, alone)[0]).toBe('safety-plan');
  });

  it('suggests breathing after a lot of anxiety or a moderate GAD-7, and after poor sleep with little energy', () => {
    expect(nextSteps(checkup(3, { anxiety: 4 }), alone)).toEqual(['breathing']);
    expect(nextSteps({ kind: 'gad7', severity: 'moderate' }, alone)).toEqual(['breathing']);
    expect(nextSteps(checkup(3, { sleep: 1, energy: 2 }), alone)).toEqual(['breathing']);
    expect(nextSteps(checkup(3, { sleep: 1, energy: 4 }), alone)).toEqual([]);
  });

  it('suggests a thought record after low mood only where CBT is offered, and chat only where offered', () => {
    expect(nextSteps(checkup(2), alone)).toEqual(['thought-record']);
    expect(nextSteps(checkup(2), { ...alone, cbtOffered: false })).toEqual([]);
    expect(nextSteps(checkup(2), { ...withTherapist, cbtOffered: false })).toEqual(['message-therapist']);
    expect(nextSteps(checkup(2), { ...withTherapist, chatOffered: false })).toEqual(['thought-record']);
    expect(nextSteps({ kind: 'phq9', severity: 'moderate', item9: 0 }, withTherapist)).toEqual([
      'thought-record',
      'message-therapist',
    ]);
  });

  it('never suggests more than two, nor the same twice', () => {
    const all = nextSteps(checkup(1, { anxiety: 5, sleep: 1, energy: 1 }), alone);
    expect(all.length).toBeLessThanOrEqual(MAX_STEPS);
    expect(new Set(all).size).toBe(all.length);
    expect(nextSteps(checkup(3, { anxiety: 5, sleep: 1, energy: 1 }), alone)).toEqual(['breathing']);
  });
});
