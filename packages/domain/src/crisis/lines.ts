/**
 * The UK's urgent-help lines, bundled with the app (never fetched): the crisis panel must open offline and
 * while the server is down. Numbers as published by the NHS ("Where to get urgent help for mental health"),
 * Samaritans and Shout.
 */
export interface CrisisLine {
  /** Key of the line's words (crisis.lines.<id>.…). */
  id: 'emergency' | 'nhs111' | 'samaritans' | 'shout';
  /** What a tap does: call or text. */
  kind: 'call' | 'text';
  /** The number as people say and dial it. */
  display: string;
  /** The link: tel: or sms:. */
  href: string;
}

export const CRISIS_LINES: readonly CrisisLine[] = [
  { id: 'emergency', kind: 'call', display: '999', href: 'tel:999' },
  { id: 'nhs111', kind: 'call', display: '111', href: 'tel:111' },
  { id: 'samaritans', kind: 'call', display: '116 123', href: 'tel:116123' },
  { id: 'shout', kind: 'text', display: '85258', href: 'sms:85258?body=SHOUT' },
];
