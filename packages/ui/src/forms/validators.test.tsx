import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { I18nextProvider } from '@tend/i18n';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test-utils.tsx';
import { createValidators, getAtPath, isBlank, toComparable, useValidators } from './validators.ts';

const i18n = createTestI18n();
const v = createValidators(i18n.t);

describe('validators: the messages of spec section 5', () => {
  it("required: can't be blank", () => {
    for (const blank of [undefined, null, '', '   ', [], false])
      expect(v.required()(blank, {}, 'x')).toBe("can't be blank");
    for (const value of ['a', 0, true, ['x'], {}]) expect(v.required()(value, {}, 'x')).toBeNull();
  });

  it('email: is not a valid email (blank is left to required)', () => {
    expect(v.email()('sam@example.org', {}, 'email')).toBeNull();
    expect(v.email()(' sam@example.org ', {}, 'email')).toBeNull();
    expect(v.email()('', {}, 'email')).toBeNull();
    for (const bad of ['sam', 'sam@', '@example.org', 'sam@example', 'sam smith@example.org', 'a@b@c.d']) {
      expect(v.email()(bad, {}, 'email'), bad).toBe('is not a valid email');
    }
  });

  it('array rules', () => {
    const rule = v.array({ min: 2, max: 3, unique: true, type: 'string' });
    expect(rule(undefined, {}, 'a')).toBe('does not exist');
    expect(rule(null, {}, 'a')).toBe('does not exist');
    expect(rule('a,b', {}, 'a')).toBe('is not an array');
    expect(rule(['a', 'a'], {}, 'a')).toBe('does not contain unique elements');
    expect(rule(['a'], {}, 'a')).toBe('is less than 2');
    expect(rule(['a', 'b', 'c', 'd'], {}, 'a')).toBe('is greater than 3');
    expect(rule(['a', 2], {}, 'a')).toBe('does not fully contain type string');
    expect(rule(['a', 'b'], {}, 'a')).toBeNull();
    expect(v.array({ type: 'number' })([1, null], {}, 'a')).toBe('does not fully contain type number');
    expect(v.array({ type: 'object' })([{}, []], {}, 'a')).toBe('does not fully contain type object');
    expect(v.array({ unique: true })([{ id: 1 }, { id: 1 }], {}, 'a')).toBe(
      'does not contain unique elements',
    );
    expect(v.array()([], {}, 'a')).toBeNull();
  });

  it('greaterThan: strictly greater than the field at a dotted path, else is less than {path}', () => {
    const values = { range: { from: 5, start: '2026-01-02' }, list: [{ n: 3 }] };
    expect(v.greaterThan('range.from')(6, values, 'range.to')).toBeNull();
    expect(v.greaterThan('range.from')(5, values, 'range.to')).toBe('is less than range.from');
    expect(v.greaterThan('range.from')(4, values, 'range.to')).toBe('is less than range.from');
    expect(v.greaterThan('range.start')('2026-01-01', values, 'range.end')).toBe('is less than range.start');
    expect(v.greaterThan('range.start')(new Date('2026-01-03'), values, 'range.end')).toBeNull();
    expect(v.greaterThan('list.0.n')('4', values, 'x')).toBeNull();
    // nothing to compare: left to other rules
    expect(v.greaterThan('range.missing')(1, values, 'x')).toBeNull();
    expect(v.greaterThan('range.from')('', values, 'x')).toBeNull();
  });

  it('lessThan: strictly less than the field at a dotted path, else is greater than {path}', () => {
    const values = { limits: { max: 10 } };
    expect(v.lessThan('limits.max')(9, values, 'x')).toBeNull();
    expect(v.lessThan('limits.max')(10, values, 'x')).toBe('is greater than limits.max');
    expect(v.lessThan('limits.max')(11, values, 'x')).toBe('is greater than limits.max');
  });

  it('compose: the first failing rule', () => {
    const rule = v.compose(v.required(), v.email());
    expect(rule('', {}, 'email')).toBe("can't be blank");
    expect(rule('x', {}, 'email')).toBe('is not a valid email');
    expect(rule('x@y.zz', {}, 'email')).toBeNull();
  });

  it('helpers', () => {
    expect(isBlank(' ')).toBe(true);
    expect(getAtPath({ a: [{ b: 1 }] }, 'a.0.b')).toBe(1);
    expect(getAtPath({ a: 1 }, 'a.b')).toBeUndefined();
    expect(getAtPath({}, '__proto__')).toBeUndefined();
    expect(toComparable('abc')).toBeUndefined();
    expect(toComparable(Number.NaN)).toBeUndefined();
    expect(toComparable(new Date('invalid'))).toBeUndefined();
  });
});

describe('with @mantine/form', () => {
  it('validates a form through useValidators', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const { result } = renderHook(
      () => {
        const rules = useValidators();
        return useForm({
          mode: 'uncontrolled',
          initialValues: { email: '', period: { from: 10, to: 5 }, tags: ['a', 'a'] },
          validate: {
            email: rules.compose(rules.required(), rules.email()),
            period: { to: rules.greaterThan('period.from') },
            tags: rules.array({ unique: true }),
          },
        });
      },
      { wrapper },
    );
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors).toEqual({
      email: "can't be blank",
      'period.to': 'is less than period.from',
      tags: 'does not contain unique elements',
    });
    act(() => {
      result.current.setValues({ email: 'sam@example.org', period: { from: 1, to: 5 }, tags: ['a', 'b'] });
    });
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors).toEqual({});
  });
});
