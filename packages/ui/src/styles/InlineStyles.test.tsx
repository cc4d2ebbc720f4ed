import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addRules, currentRules, InlineStyles, resetRuleSheet } from './InlineStyles.tsx';
import { mantineThemeCss } from './mantineThemeCss.tsx';

describe('InlineStyles (CSSOM)', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    resetRuleSheet({ replaceSync: (text) => written.push(text) });
  });
  afterEach(() => resetRuleSheet());

  it('adds the same rules as Mantine would put in a <style>, and renders no element', () => {
    const { container, unmount } = render(
      <InlineStyles
        selector=".x"
        styles={{ width: '10px' }}
        media={[{ query: '(min-width: 48em)', styles: { width: '20px' } }]}
      />,
    );
    expect(container.innerHTML).toBe('');
    expect(currentRules()).toEqual(['.x{width:10px;}@media(min-width: 48em){.x{width:20px;}}']);
    expect(written.at(-1)).toBe('.x{width:10px;}@media(min-width: 48em){.x{width:20px;}}');
    unmount();
    expect(currentRules()).toEqual([]);
    expect(written.at(-1)).toBe('');
  });

  it('keeps rules two components share until the last one goes', () => {
    const removeA = addRules('.a{color:red;}');
    const removeB = addRules('.a{color:red;}');
    expect(written).toHaveLength(1);
    removeA();
    removeA();
    expect(currentRules()).toEqual(['.a{color:red;}']);
    removeB();
    expect(currentRules()).toEqual([]);
  });
});

describe('mantine-theme.css', () => {
  it('is what Mantine generates from the theme: run `npm run theme-css -w @tend/ui` after changing it', () => {
    const file = readFileSync(join(import.meta.dirname, '..', 'theme', 'mantine-theme.css'), 'utf8');
    expect(file).toBe(mantineThemeCss());
    expect(file).toContain('--mantine-color-tend-7');
    expect(file).toContain('.mantine-hidden-from-sm');
  });
});
