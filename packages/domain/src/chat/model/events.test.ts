import { describe, expect, it } from 'vitest';
import {
  RESUME_OVERLAP_MS,
  STREAM_EVENTS,
  eventId,
  laterId,
  parseStreamEvent,
  resumeFrom,
} from './events.ts';
import { SAMPLE_CHAT_SESSION } from '../client/testing.ts';

const session = { ...SAMPLE_CHAT_SESSION, chatSessionId: 'c1' };
const message = {
  chatMessageKey: 'k1',
  chatSessionId: 'c1',
  senderId: 'therapist-1',
  senderName: 'Alex Morgan',
  messageBody: '<b>hi</b>',
  sentAt: '2026-03-01T10:00:01.000Z',
  editedAt: null,
};

describe('stream events', () => {
  it('parses every event the server sends', () => {
    expect(parseStreamEvent('ready', JSON.stringify(session))).toEqual({ type: 'ready', session });
    expect(parseStreamEvent('session', JSON.stringify(session))).toEqual({ type: 'session', session });
    expect(parseStreamEvent('message', JSON.stringify(message), '1772359201000')).toEqual({
      type: 'message',
      message,
      id: '1772359201000',
    });
    expect(parseStreamEvent('message-edited', JSON.stringify(message), '')).toEqual({
      type: 'message-edited',
      message,
      id: null,
    });
    expect(
      parseStreamEvent(
        'read',
        JSON.stringify({ chatSessionId: 'c1', userId: 'patient-1', readAt: '2026-03-01T10:00:02.000Z' }),
      ),
    ).toEqual({
      type: 'read',
      userId: 'patient-1',
      readAt: '2026-03-01T10:00:02.000Z',
    });
    expect(parseStreamEvent('ended', JSON.stringify({ chatSessionId: 'c1', status: 'ended' }))).toEqual({
      type: 'ended',
    });
    expect(parseStreamEvent('revoked', JSON.stringify({ reason: 'token_revoked' }))).toEqual({
      type: 'revoked',
    });
    expect(parseStreamEvent('expired', JSON.stringify({ reason: 'token_expired' }))).toEqual({
      type: 'expired',
    });
    for (const name of STREAM_EVENTS)
      expect(
        parseStreamEvent(
          name,
          name === 'read'
            ? '{}'
            : JSON.stringify(name === 'message' || name === 'message-edited' ? message : session),
        )?.type ?? name,
      ).toBeTruthy();
  });

  it('reads the restart hint from the data (retryMs or retry), or none', () => {
    expect(parseStreamEvent('restart', JSON.stringify({ retryMs: 1500 }))).toEqual({
      type: 'restart',
      retryMs: 1500,
    });
    expect(parseStreamEvent('restart', JSON.stringify({ retry: 2000, reason: 'shutdown' }))).toEqual({
      type: 'restart',
      retryMs: 2000,
    });
    expect(parseStreamEvent('restart', '')).toEqual({ type: 'restart', retryMs: undefined });
    expect(parseStreamEvent('restart', 'not json')).toEqual({ type: 'restart', retryMs: undefined });
    expect(parseStreamEvent('restart', JSON.stringify({ retryMs: -1 }))).toEqual({
      type: 'restart',
      retryMs: undefined,
    });
  });

  it('drops unknown events and data that does not follow the contract', () => {
    expect(parseStreamEvent('surprise', '{}')).toBeNull();
    expect(parseStreamEvent('message', 'not json')).toBeNull();
    expect(parseStreamEvent('message', JSON.stringify({ ...message, messageBody: 7 }))).toBeNull();
    expect(parseStreamEvent('message', JSON.stringify({ ...message, chatSessionId: 'a b' }))).toBeNull();
    expect(parseStreamEvent('ready', JSON.stringify({ ...session, status: 'weird' }))).toBeNull();
    expect(parseStreamEvent('read', JSON.stringify({ userId: 'u', readAt: 'yesterday' }))).toBeNull();
    expect(parseStreamEvent('read', '')).toBeNull();
  });

  it('keeps numeric event ids only, resumes a little before the last one, and knows the later of two', () => {
    expect(eventId('123')).toBe('123');
    expect(eventId('12a')).toBeNull();
    expect(eventId(undefined)).toBeNull();
    expect(eventId('1'.repeat(16))).toBeNull();
    expect(resumeFrom(null)).toBeNull();
    expect(resumeFrom('100000')).toBe(String(100000 - RESUME_OVERLAP_MS));
    expect(resumeFrom('10')).toBe('0');
    expect(laterId(null, '5')).toBe('5');
    expect(laterId('5', null)).toBe('5');
    expect(laterId('5', '40')).toBe('40');
    expect(laterId('40', '5')).toBe('40');
  });
});
