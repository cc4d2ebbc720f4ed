/**
 * The audible alert for new chat requests: a short tone made with the Web Audio API (no sound file), played
 * only when the therapist turned sound on here (a choice kept per device in localStorage: not a secret).
 * Browsers let a page make sound only after a gesture: turning sound on is one (`unlockAlertSound`), and after a
 * reload the first key press or click anywhere unlocks it again.
 */
export const SOUND_KEY = 'tend.chats.sound';

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Whether the therapist turned sound on on this device. */
export function soundEnabled(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Call from a gesture (the toggle, a click): lets the page play sound. */
export function unlockAlertSound(): void {
  void audio()
    ?.resume()
    .catch(() => undefined);
}

/** Unlocks sound at the first gesture after a reload (when sound is on). Answers the clean-up. */
export function unlockOnFirstGesture(): () => void {
  if (typeof window === 'undefined') return () => {};
  const unlock = () => {
    if (soundEnabled()) unlockAlertSound();
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
  return unlock;
}

/** The notes of the tone: one soft beep, or for an emergency request three higher ones. */
export function toneNotes(urgent: boolean): Array<{ at: number; frequency: number; duration: number }> {
  return urgent
    ? [0, 0.22, 0.44].map((at) => ({ at, frequency: 988, duration: 0.16 }))
    : [{ at: 0, frequency: 660, duration: 0.22 }];
}

/** Plays the tone (nothing when sound is off or the browser cannot). */
export function playAlertTone(urgent: boolean): void {
  if (!soundEnabled()) return;
  const ctx = audio();
  if (!ctx || ctx.state === 'closed') return;
  const start = ctx.currentTime + 0.02;
  for (const note of toneNotes(urgent)) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = note.frequency;
    // A short fade in and out: a click-free, gentle sound.
    gain.gain.setValueAtTime(0, start + note.at);
    gain.gain.linearRampToValueAtTime(0.2, start + note.at + 0.02);
    gain.gain.linearRampToValueAtTime(0, start + note.at + note.duration);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + note.at);
    oscillator.stop(start + note.at + note.duration + 0.02);
  }
}
