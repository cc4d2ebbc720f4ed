import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '@tend/api/model';
import { newRequests } from './useRequestAlerts.tsx';
import { playAlertTone, SOUND_KEY, soundEnabled, toneNotes } from './sound.ts';

afterEach(() => {
  localStorage.removeItem(SOUND_KEY);
  vi.unstubAllGlobals();
});

/** A Web Audio API stand-in that records the notes started. */
function fakeAudio() {
  const started: number[] = [];
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createOscillator() {
      const oscillator = {
        type: '',
        frequency: { value: 0 },
        connect: (node: unknown) => node,
        start: () => started.push(oscillator.frequency.value),
        stop: () => undefined,
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined },
        connect: (node: unknown) => node,
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return started;
}

describe('the sound of new requests', () => {
  it('is off until the therapist turns it on here', () => {
    expect(soundEnabled()).toBe(false);
    localStorage.setItem(SOUND_KEY, 'true');
    expect(soundEnabled()).toBe(true);
    expect(
      soundEnabled({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe(false);
  });

  it('is one soft note, or three higher ones for an emergency', () => {
    expect(toneNotes(false)).toHaveLength(1);
    const urgent = toneNotes(true);
    expect(urgent).toHaveLength(3);
    expect(urgent.every((n) => n.frequency > toneNotes(false)[0]!.frequency)).toBe(true);
  });

  it('plays only when sound is on', () => {
    const started = fakeAudio();
    playAlertTone(true);
    expect(started).toEqual([]);
    localStorage.setItem(SOUND_KEY, 'true');
    playAlertTone(true);
    expect(started).toEqual([988, 988, 988]);
  });

  it('tells new requests from those already seen', () => {
    const seen = new Set<string>();
    const r = (id: string) => ({ requestId: id }) as ChatRequest;
    expect(newRequests(seen, [r('a'), r('b')]).map((x) => x.requestId)).toEqual(['a', 'b']);
    expect(newRequests(seen, [r('a'), r('b'), r('c')]).map((x) => x.requestId)).toEqual(['c']);
    expect(newRequests(seen, [r('c')])).toEqual([]);
  });
});
