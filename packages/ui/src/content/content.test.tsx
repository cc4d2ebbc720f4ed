import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { sanitizeHtml } from './sanitize.ts';
import { SafeHtml, SafeText } from './SafeText.tsx';

describe('sanitizeHtml', () => {
  it('removes scripts, handlers, javascript: links, styles and forms; keeps formatting', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<a href="javascript:alert(1)">a</a><span style="position:fixed">s</span><iframe></iframe></p><form><input></form>',
    );
    expect(out).toBe('<p>Hi <b>there</b><img src="x"><a>a</a><span>s</span></p>');
  });

  it('gives links opening a new window rel=noopener noreferrer', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="other">x</a><div target="_blank">d</div>')).toBe(
      '<a href="/x">x</a><div>d</div>',
    );
  });
});

describe('SafeText and SafeHtml', () => {
  it('renders what a person typed as text, with its line breaks', () => {
    renderWithProviders(<SafeText>{'<img src=x onerror=alert(1)>\nsecond line'}</SafeText>);
    const p = screen.getByText(/second line/);
    expect(p.tagName).toBe('P');
    expect(p.textContent).toBe('<img src=x onerror=alert(1)>\nsecond line');
    expect(p.querySelector('img')).toBeNull();
    expect(p).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('renders nothing for null', () => {
    renderWithProviders(<SafeText component="span">{null}</SafeText>);
  });

  it('inserts sanitised HTML only', () => {
    const { container } = renderWithProviders(<SafeHtml html={'<em>ok</em><script>bad()</script>'} />);
    expect(screen.getByText('ok').tagName).toBe('EM');
    expect(container.querySelector('script')).toBeNull();
  });
});
