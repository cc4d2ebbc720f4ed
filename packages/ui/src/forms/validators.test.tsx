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
  it('required: Please fill this in.', () => {
    for (const blank of [undefined, null, '', '   ', [], false])
      expect(v.required()(blank, {}, 'x')).toBe('Please fill this in.');
    for (const value of ['a', 0, true, ['x'], {}]) expect(v.required()(value, {}, 'x')).toBeNull();
  });

  it('email: is not a valid email (blank is left to required)', () => {
    expect(v.email()('sam@example.org', {}, 'email')).toBeNull();
    expect(v.email()(' sam@example.org ', {}, 'email')).toBeNull();
    expect(v.email()('', {}, 'email')).toBeNull();
    for (const bad of ['sam', 'sam@', '@example.org', 'sam@example', 'sam smith@example.org', 'a@b@c.d']) {
      expect(v.email()(bad, {}, 'email'), bad).toBe('Please enter an e-mail address, like name@example.com.');
    }
  });

  it('array rules', () => {
    const rule = v.array({ min: 2, max: 3, unique: true, type: 'string' });
    expect(rule(undefined, {}, 'a')).toBe('Please fill this in.');
    expect(rule(null, {}, 'a')).toBe('Please fill this in.');
    expect(rule('a,b', {}, 'a')).toBe('Please choose from the list.');
    expect(rule(['a', 'a'], {}, 'a')).toBe('Each choice can only be picked once.');
    expect(rule(['a'], {}, 'a')).toBe('Please choose at least 2.');
    expect(rule(['a', 'b', 'c', 'd'], {}, 'a')).toBe('Please choose no more than 3.');
    expect(rule(['a', 2], {}, 'a')).toBe('Please check this: something in it is not right.');
    expect(rule(['a', 'b'], {}, 'a')).toBeNull();
    expect(v.array({ type: 'number' })([1, null], {}, 'a')).toBe(
      'Please check this: something in it is not right.',
    );
    expect(v.array({ type: 'object' })([{}, []], {}, 'a')).toBe(
      'Please check this: something in it is not right.',
    );
    expect(v.array({ unique: true })([{ id: 1 }, { id: 1 }], {}, 'a')).toBe(
      'Each choice can only be picked once.',
    );
    expect(v.array()([], {}, 'a')).toBeNull();
  });

  it('greaterThan: strictly greater than the field at a dotted path, else is less than {path}', () => {
    const values = { range: { from: 5, start: '2026-01-02' }, list: [{ n: 3 }] };
    expect(v.greaterThan('range.from')(6, values, 'range.to')).toBeNull();
    expect(v.greaterThan('range.from')(5, values, 'range.to')).toBe(
      'This needs to be later or more than the value before it.',
    );
    expect(v.greaterThan('range.from')(4, values, 'range.to')).toBe(
      'This needs to be later or more than the value before it.',
    );
    expect(v.greaterThan('range.start')('2026-01-01', values, 'range.end')).toBe(
      'This needs to be later or more than the value before it.',
    );
    expect(v.greaterThan('range.start')(new Date('2026-01-03'), values, 'range.end')).toBeNull();
    expect(v.greaterThan('list.0.n')('4', values, 'x')).toBeNull();
    // nothing to compare: left to other rules
    expect(v.greaterThan('range.missing')(1, values, 'x')).toBeNull();
    expect(v.greaterThan('range.from')('', values, 'x')).toBeNull();
  });

  it('lessThan: strictly less than the field at a dotted path, else is greater than {path}', () => {
    const values = { limits: { max: 10 } };
    expect(v.lessThan('limits.max')(9, values, 'x')).toBeNull();
    expect(v.lessThan('limits.max')(10, values, 'x')).toBe(
      'This needs to be earlier or less than the value after it.',
    );
    expect(v.lessThan('limits.max')(11, values, 'x')).toBe(
      'This needs to be earlier or less than the value after it.',
    );
  });

  it('compose: the first failing rule', () => {
    const rule = v.compose(v.required(), v.email());
    expect(rule('', {}, 'email')).toBe('Please fill this in.');
    expect(rule('x', {}, 'email')).toBe('Please enter an e-mail address, like name@example.com.');
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
      email: 'Please fill this in.',
      'period.to': 'This needs to be later or more than the value before it.',
      tags: 'Each choice can only be picked once.',
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
