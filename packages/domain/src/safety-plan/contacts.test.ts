import { describe, expect, it } from 'vitest';
import { callHref, contactsOf, doubtfulNumbers, textHref } from './contacts.ts';
import { emptyPlan, type SafetyPlan } from './model.ts';

const plan = (helpers: string[], professionals: string[] = []): SafetyPlan => {
  const p = emptyPlan();
  p.sections.helpers = helpers;
  p.sections.professionals = professionals;
  return p;
};

describe('the people and services of a safety plan', () => {
  it('reads a UK mobile as typed, to call and to text, and names the person without the number', () => {
    const [mum] = contactsOf(plan(['Mum 07700 900123']));
    expect(mum).toEqual({
      entry: 'Mum 07700 900123',
      name: 'Mum',
      phones: [{ typed: '07700 900123', dial: '+447700900123', call: true, text: true }],
      section: 'helpers',
    });
    expect(callHref(mum!.phones[0]!)).toBe('tel:+447700900123');
    expect(textHref(mum!.phones[0]!, 'Can you call me?')).toBe(
      'sms:+447700900123?&body=Can%20you%20call%20me%3F',
    );
  });

  it('offers no text to a UK landline, and reads numbers abroad by their country code', () => {
    const [anna, gp] = contactsOf(plan(['Anna +33 1 42 68 53 00'], ['GP surgery: 020 7946 0958']));
    expect(anna?.phones).toEqual([
      { typed: '+33 1 42 68 53 00', dial: '+33142685300', call: true, text: true },
    ]);
    expect(gp).toMatchObject({ name: 'GP surgery', section: 'professionals' });
    expect(gp?.phones).toEqual([{ typed: '020 7946 0958', dial: '+442079460958', call: true, text: false }]);
  });

  it('keeps a number and an e-mail address of one person together', () => {
    expect(contactsOf(plan(['Sam – 07911 123456, sam@example.com']))).toEqual([
      {
        entry: 'Sam – 07911 123456, sam@example.com',
        name: 'Sam',
        phones: [{ typed: '07911 123456', dial: '+447911123456', call: true, text: true }],
        email: 'sam@example.com',
        section: 'helpers',
      },
    ]);
  });

  it('finds the people the patient can e-mail, named without the address', () => {
    const contacts = contactsOf(plan(['Mum – mum@example.com', 'Sam (no e-mail)', 'Jo <jo@example.org>']));
    expect(contacts.map((c) => [c.name, c.email, c.phones])).toEqual([
      ['Mum', 'mum@example.com', []],
      ['Jo', 'jo@example.org', []],
    ]);
  });

  it('reads the well-known short numbers as they are: 116 123 to call, 85258 to text', () => {
    const [samaritans, shout, nhs] = contactsOf(plan([], ['Samaritans 116 123', 'Shout 85258', 'NHS 111']));
    expect(samaritans?.phones).toEqual([{ typed: '116 123', dial: '116123', call: true, text: false }]);
    expect(shout?.phones).toEqual([{ typed: '85258', dial: '85258', call: false, text: true }]);
    expect(nhs?.phones[0]?.dial).toBe('111');
  });

  it('reads the same line written twice as one contact', () => {
    expect(contactsOf(plan(['Mum 07700 900123', 'Mum 07700 900123']))).toHaveLength(1);
  });

  it('leaves out entries with nothing to reach, and short numbers that are not phone numbers', () => {
    expect(contactsOf(plan(['My sister, aged 15', 'Room 101'], ['A walk by the river']))).toEqual([]);
  });

  it('asks about a number with a digit missing or too many, never about a short number or a date', () => {
    expect(doubtfulNumbers('Dad 07700 9001\nMum 07700 900123\nSamaritans 116 123\nSince 12.05.2024')).toEqual(
      ['07700 9001'],
    );
    expect(doubtfulNumbers('Gran 07700 9001234567')).toEqual(['07700 9001234567']);
    expect(doubtfulNumbers('')).toEqual([]);
  });
});
