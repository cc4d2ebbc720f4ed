import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tendColors } from '../theme/theme.ts';
import { TEND_MARK_PATH } from './TendLogo.tsx';

// One logo: the portals' header mark, the public site's header and every app's favicon are the same leaf.
describe('the Tend mark', () => {
  for (const app of ['public', 'patient', 'therapist', 'admin']) {
    it(`is ${app}'s favicon, in the primary colour`, () => {
      const svg = readFileSync(join(process.cwd(), '..', '..', 'apps', app, 'public', 'favicon.svg'), 'utf8');
      expect(svg).toContain(`d="${TEND_MARK_PATH}"`);
      expect(svg).toContain(`fill="${tendColors[7]}"`);
    });
  }
});
