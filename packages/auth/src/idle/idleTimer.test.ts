import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, listenForActivity, MAX_SESSION_MS, resolveIdleTimeout } from './idleTimer.ts';
import { memoryStorage } from '../test/fakes.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('idle timer', () => {
  it('warns a minute before the timeout, then times out', () => {
    const onWarn = vi.fn();
    const onTimeout = vi.fn();
    const start = Date.now();
    createIdleTimer({ timeoutMs: 15 * 60_000, sessionStart: start, onWarn, onTimeout });
    vi.advanceTimersByTime(14 * 60_000 - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledWith(start + 15 * 60_000);
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).toHaveBeenCalledWith('idle');
  });

  it('activity restarts the countdown, but not while the warning shows', () => {
    const onWarn = vi.fn();
    const onTimeout = vi.fn();
    const timer = createIdleTimer({
      timeoutMs: 10_000,
      warningMs: 4_000,
      sessionStart: Date.now(),
      onWarn,
      onTimeout,
    });
    vi.advanceTimersByTime(5_000);
    timer.activity();
    vi.advanceTimersByTime(5_000);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(timer.isWarning()).toBe(true);
    timer.activity(); // moving the mouse does not dismiss the warning
    vi.advanceTimersByTime(4_000);
    expect(onTimeout).toHaveBeenCalledWith('idle');
  });

  it('"Stay signed in" hides the warning and restarts the countdown', () => {
    const onTimeout = vi.fn();
    const timer = createIdleTimer({
      timeoutMs: 10_000,
      warningMs: 4_000,
      sessionStart: Date.now(),
      onWarn: vi.fn(),
      onTimeout,
    });
    vi.advanceTimersByTime(7_000);
    expect(timer.isWarning()).toBe(true);
    timer.stayActive();
    expect(timer.isWarning()).toBe(false);
    vi.advanceTimersByTime(9_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onTimeout).toHaveBeenCalledWith('idle');
  });

  it('caps the warning at half a short timeout', () => {
    const onWarn = vi.fn();
    createIdleTimer({ timeoutMs: 4_000, sessionStart: Date.now(), onWarn, onTimeout: vi.fn() });
    vi.advanceTimersByTime(1_999);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalled();
  });

  it('ends the session 12 hours after it began, whatever the activity', () => {
    const onTimeout = vi.fn();
    const timer = createIdleTimer({
      timeoutMs: 30 * 60_000,
      sessionStart: Date.now() - (MAX_SESSION_MS - 20 * 60_000),
      onWarn: vi.fn(),
      onTimeout,
    });
    for (let i = 0; i < 19; i++) {
      vi.advanceTimersByTime(60_000);
      timer.activity();
    }
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).toHaveBeenCalledWith('expired');
  });

  it('a session already older than 12 hours ends at once', () => {
    const onTimeout = vi.fn();
    createIdleTimer({
      timeoutMs: 60_000,
      sessionStart: Date.now() - MAX_SESSION_MS - 1,
      onWarn: vi.fn(),
      onTimeout,
    });
    vi.advanceTimersByTime(0);
    expect(onTimeout).toHaveBeenCalledWith('expired');
  });

  it('stop() cancels everything', () => {
    const onTimeout = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 1_000, sessionStart: Date.now(), onWarn: vi.fn(), onTimeout });
    timer.stop();
    vi.advanceTimersByTime(MAX_SESSION_MS);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('listenForActivity', () => {
  it('reports keyboard and pointer activity, throttled', () => {
    const onActivity = vi.fn();
    const stop = listenForActivity(document, onActivity, 1000);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    document.dispatchEvent(new Event('pointerdown'));
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    document.dispatchEvent(new Event('wheel'));
    expect(onActivity).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(1000);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    expect(onActivity).toHaveBeenCalledTimes(2);
  });
});

describe('resolveIdleTimeout', () => {
  /** The timeout an app with a 15-minute default resolves in `env`, opened at `search`. */
  const resolveAt = (
    env: 'development' | 'production' | 'test',
    search: string,
    storage: ReturnType<typeof memoryStorage>,
  ) => resolveIdleTimeout({ env, configured: undefined, fallback: 900_000, search, storage });

  it('uses the configured value, else the app default', () => {
    expect(resolveIdleTimeout({ env: 'development', configured: undefined, fallback: 900_000 })).toBe(
      900_000,
    );
    expect(resolveIdleTimeout({ env: 'development', configured: 5_000, fallback: 900_000 })).toBe(5_000);
  });

  it('honours ?idleTimeoutMs= outside production and keeps it for the tab', () => {
    const storage = memoryStorage();
    expect(resolveAt('development', '?idleTimeoutMs=8000', storage)).toBe(8_000);
    expect(resolveAt('development', '', storage)).toBe(8_000);
    expect(resolveAt('development', '?idleTimeoutMs=', storage)).toBe(900_000);
  });

  it('ignores the override in production, and nonsense values anywhere', () => {
    const storage = memoryStorage();
    expect(resolveAt('production', '?idleTimeoutMs=1000', storage)).toBe(900_000);
    expect(storage.getItem('tend.idleTimeoutMs')).toBeNull();
    expect(resolveAt('test', '?idleTimeoutMs=-5', storage)).toBe(900_000);
    expect(resolveAt('test', '?idleTimeoutMs=1e9', storage)).toBe(900_000);
  });
});
