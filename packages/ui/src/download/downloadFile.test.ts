import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, OBJECT_URL_REVOKE_MS } from './downloadFile.ts';

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  vi.useFakeTimers();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  URL.createObjectURL = vi.fn(() => 'blob:https://app.example/1234');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadFile', () => {
  it('saves a Blob through an object URL and revokes it after 40000 ms', () => {
    const blob = new Blob(['a,b\n1,2'], { type: 'text/csv' });
    downloadFile(blob, 'report.csv');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.href).toBe('blob:https://app.example/1234');
    expect(clicked[0]!.download).toBe('report.csv');
    expect(clicked[0]!.isConnected).toBe(false);
    expect(OBJECT_URL_REVOKE_MS).toBe(40000);
    vi.advanceTimersByTime(39999);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:https://app.example/1234');
  });

  it('saves a URL as it is, with nothing to revoke', () => {
    downloadFile('https://files.example/moment.pdf', 'moment.pdf');
    expect(clicked[0]!.href).toBe('https://files.example/moment.pdf');
    expect(clicked[0]!.download).toBe('moment.pdf');
    vi.advanceTimersByTime(60000);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
  });

  it('refuses javascript: and other unsafe URLs', () => {
    expect(() => downloadFile('javascript:alert(1)', 'x')).toThrow(/unsafe/);
    expect(() => downloadFile(' JaVaScRiPt:alert(1)', 'x')).toThrow(/unsafe/);
    expect(() => downloadFile('vbscript:x', 'x')).toThrow(/unsafe/);
    expect(clicked).toHaveLength(0);
  });
});
