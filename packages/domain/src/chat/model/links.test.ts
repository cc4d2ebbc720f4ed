import { describe, expect, it } from 'vitest';
import { linkParts, safeHref } from './links.ts';

describe('links in message text', () => {
  it('cuts text into plain parts and safe links, giving the text back whole', () => {
    const text = 'See https://www.nhs.uk/mental-health/ and www.samaritans.org, or mail help@example.org.';
    const parts = linkParts(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://www.nhs.uk/mental-health/', href: 'https://www.nhs.uk/mental-health/' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'www.samaritans.org', href: 'https://www.samaritans.org/' },
      { kind: 'text', text: ', or mail ' },
      { kind: 'link', text: 'help@example.org', href: 'mailto:help@example.org' },
      { kind: 'text', text: '.' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('never links a script, data or file address, and leaves markup as text', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '<a href="https://x.org">x</a> <img src=x onerror=alert(1)>',
    ]) {
      const parts = linkParts(text);
      expect(parts.map((p) => p.text).join('')).toBe(text);
      for (const p of parts) if (p.kind === 'link') expect(p.href).toMatch(/^(https?:|mailto:)/);
    }
    expect(linkParts('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });

  it('keeps plain text and empty text as they are', () => {
    expect(linkParts('no links here\nsecond line')).toEqual([
      { kind: 'text', text: 'no links here\nsecond line' },
    ]);
    expect(linkParts('')).toEqual([]);
  });

  it('allows only https, http and mailto', () => {
    expect(safeHref('http://example.org', 'http:')).toBe('http://example.org/');
    expect(safeHref('http://www.example.org', '')).toBe('https://www.example.org/');
    expect(safeHref('mailto:a@b.org', '')).toBe('mailto:a@b.org');
    expect(safeHref('ftp://example.org', 'ftp:')).toBeNull();
    expect(safeHref('javascript:alert(1)', 'javascript:')).toBeNull();
    expect(safeHref('not a url', '')).toBeNull();
  });
});
