import { describe, expect, it } from 'vitest';
import { checkNamespace, packageNamespace } from '@tend/i18n/scan';
import { ErrorCode } from '@tend/api/model';

const KINDS = ['offline', 'network', 'cancelled', 'unauthenticated', 'forbidden', 'notFound', 'invalid', 'conflict', 'versionConflict', 'tooLarge', 'rateLimited', 'unavailable', 'server', 'unknown'];

describe('the domain namespace (one file per subject)', () => {
  const en = packageNamespace(import.meta.dirname) ?? {};
  const report = checkNamespace({
    src: import.meta.dirname,
    en,
    functions: ['td', 'domainKey'],
    // keys built at run time: the problem messages (by code and kind), the screening wording (by item, answer, band)
    dynamic: [
      ...Object.values(ErrorCode).map((c) => `problem.codes.${c}`),
      ...KINDS.map((k) => `problem.kinds.${k}`),
    ],
  });

  it('has a file per subject', () => {
    expect(Object.keys(en)).toEqual(expect.arrayContaining(['problem', 'submit', 'screening']));
  });

  it('has every key the code uses in English', () => {
    expect(report.used).toBeGreaterThan(10);
    expect(report.missing).toEqual([]);
  });
});
