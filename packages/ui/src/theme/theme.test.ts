import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  getContrastColor,
  mergeMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './contrast.ts';
import { cssVariablesResolver, tendColors, theme } from './theme.ts';

const merged: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** The theme's CSS variables for a scheme, with var() references resolved. */
function schemeVariables(scheme: 'light' | 'dark') {
  const base = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  const vars: Record<string, string> = {
    ...base.variables,
    ...base[scheme],
    ...ours.variables,
    ...ours[scheme],
  };
  const resolve = (value: string, depth = 0): string => {
    const m = /^var\((--[\w-]+)\)$/.exec(value.trim());
    if (!m) return value;
    if (depth > 10 || vars[m[1]!] === undefined) throw new Error(`Unresolved ${value}`);
    return resolve(vars[m[1]!]!, depth + 1);
  };
  return (name: string) => resolve(`var(${name})`);
}

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('rgb(118, 118, 118)', 'rgba(255,255,255,1)')).toBeCloseTo(4.54, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(() => contrastRatio('rgba(0,0,0,0.5)', '#fff')).toThrow(/Translucent/);
    expect(() => contrastRatio('teal', '#fff')).toThrow(/Not a colour/);
  });
});

describe('theme contrast (WCAG 2.2 AA: 4.5:1 for text)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    const v = schemeVariables(scheme);
    const body = v('--mantine-color-body');

    it(`${scheme}: text colours on the body`, () => {
      for (const name of [
        '--mantine-color-text',
        '--mantine-color-dimmed',
        '--mantine-color-placeholder',
        '--mantine-color-anchor',
        '--mantine-color-error',
        '--mantine-color-success',
        '--mantine-color-tend-text',
      ]) {
        expect(contrastRatio(v(name), body), `${name} ${v(name)} on ${body}`).toBeGreaterThanOrEqual(4.5);
      }
    });

    it(`${scheme}: the primary button's text on its filled colour, and its hover`, () => {
      const contrast = v('--mantine-primary-color-contrast');
      expect(contrastRatio(contrast, v('--mantine-primary-color-filled'))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(contrast, v('--mantine-primary-color-filled-hover'))).toBeGreaterThanOrEqual(4.5);
    });

    it(`${scheme}: the light variant (alerts, badges) of the colours the shared components use`, () => {
      for (const color of ['tend', 'blue', 'red', 'gray']) {
        const fg = v(`--mantine-color-${color}-light-color`);
        const bg = v(`--mantine-color-${color}-light`);
        expect(contrastRatio(fg, bg), `${color}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    });

    it(`${scheme}: text chosen by autoContrast on every filled colour reaches AA`, () => {
      const plain = (c: string) => (c === 'var(--mantine-color-white)' ? '#fff' : '#000');
      for (const name of Object.keys(merged.colors)) {
        const fill = v(`--mantine-color-${name}-filled`);
        // what components compute (no scheme) and what the scheme-aware helper says
        for (const text of [
          getContrastColor({ color: name, theme: merged, autoContrast: true }),
          getContrastColor({ color: name, theme: merged, autoContrast: true, colorScheme: scheme }),
        ]) {
          expect(contrastRatio(plain(text), fill), `${name} ${fill} with ${text}`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    });
  }

  it('has a ten-shade calm palette as primary', () => {
    expect(merged.primaryColor).toBe('tend');
    expect(tendColors).toHaveLength(10);
  });
});
