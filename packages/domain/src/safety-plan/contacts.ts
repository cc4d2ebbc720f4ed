/**
 * The people and services of a safety plan as ways to reach them: each entry of "People I can ask for help"
 * and "Professionals and services" read for phone numbers and an e-mail address, kept exactly as the patient
 * typed them (the entry is stored unchanged), with the number a phone can dial (`tel:`) or text (`sms:`).
 *
 * Numbers are read with libphonenumber-js, UK numbers by default ("07700 900123", "020 7946 0958") and any
 * other country with its code ("+33 1 42 68 53 00"). A number counts when it is a valid number of its country,
 * or for the UK a number of the full length (a range kept for drama or new since the library's data still
 * dials); with a digit missing or too many it does not, and the plan's form says which number to check. A few well-known UK short numbers
 * (999, 112, 111, Samaritans' 116 123, Shout's 85258 for texts) are read as they are.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { SafetyPlan } from './model.ts';

/** A number in an entry: as typed, and as a phone dials it (E.164, or the short number's digits). */
export interface PhoneNumber {
  typed: string;
  dial: string;
  /** Can be called (every number but a text-only line such as Shout's 85258). */
  call: boolean;
  /** Can take a text: a mobile (UK numbers starting 07), a number abroad, or a text line. */
  text: boolean;
}

/** One entry of the plan as a contact: who (the entry without its numbers and address) and how to reach them. */
export interface Contact {
  /** The entry exactly as the patient typed it. */
  entry: string;
  /** Who it is: the entry without its numbers and address ("Mum"), or the whole entry when nothing is left. */
  name: string;
  phones: PhoneNumber[];
  email?: string;
  section: 'helpers' | 'professionals';
}

/** The sections whose entries are people and services to reach. */
export const CONTACT_SECTIONS = ['helpers', 'professionals'] as const;

const DEFAULT_COUNTRY: CountryCode = 'GB';
const EMAIL = /[^\s<>(),;:]+@[^\s<>(),;:]+\.[^\s<>(),;:]+/;
/** A run that may be a phone number: an optional + or 00, then digits with spaces, dots, dashes or brackets. */
const CANDIDATE = /(?:\+|\b00)?\(?\d[\d\s().\-–]*\d/g;
/** Well-known UK short numbers, read as they are (libphonenumber reads full numbers only). */
const SHORT_NUMBERS: Record<string, { call: boolean; text: boolean }> = {
  '999': { call: true, text: false },
  '112': { call: true, text: false },
  '111': { call: true, text: false },
  '116123': { call: true, text: false },
  '85258': { call: false, text: true },
};
/** A date written with dots, slashes or dashes (12.05.2024) is not a phone number. */
const DATE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;
/** Fewer digits than this is not a phone number unless it is one of the short numbers (a date, a house number). */
const MIN_DIGITS = 7;

type Reading = { phone: PhoneNumber } | { doubtful: string } | null;

/** What one digit run is: a number, a number to check (long enough to be one, but not of a possible form), or nothing. */
function readCandidate(typed: string): Reading {
  const digits = typed.replace(/\D/g, '');
  const short = SHORT_NUMBERS[digits];
  if (short && !typed.trim().startsWith('+')) return { phone: { typed, dial: digits, ...short } };
  if (digits.length < MIN_DIGITS || DATE.test(typed)) return null;
  const number = parsePhoneNumberFromString(typed, DEFAULT_COUNTRY);
  if (!number) return { doubtful: typed };
  const uk = number.countryCallingCode === '44';
  // A UK number of the full length (ten digits after the 0) is taken even in a range not yet in use or kept
  // for drama (07700 900123): it is the patient's to know; anywhere else the number must be a valid one.
  if (!number.isValid() && !(uk && number.isPossible() && number.nationalNumber.length === 10))
    return { doubtful: typed };
  return {
    phone: {
      typed,
      dial: number.number,
      call: true,
      text: !uk || number.nationalNumber.startsWith('7'),
    },
  };
}

function readEntry(entry: string): { phones: PhoneNumber[]; doubtful: string[]; email?: string } {
  const email = EMAIL.exec(entry)?.[0];
  const rest = email ? entry.replace(email, ' ') : entry;
  const phones: PhoneNumber[] = [];
  const doubtful: string[] = [];
  for (const match of rest.matchAll(CANDIDATE)) {
    const reading = readCandidate(match[0].trim());
    if (!reading) continue;
    if ('phone' in reading) {
      if (!phones.some((p) => p.dial === reading.phone.dial)) phones.push(reading.phone);
    } else doubtful.push(reading.doubtful);
  }
  return { phones, doubtful, ...(email ? { email } : {}) };
}

/** Who an entry names once its numbers and address are taken out ("Mum – 07700 900123" → "Mum"). */
function nameOf(entry: string, phones: readonly PhoneNumber[], email: string | undefined): string {
  let name = entry;
  for (const part of [...phones.map((p) => p.typed), ...(email ? [email] : [])])
    name = name.replace(part, ' ');
  name = name
    .replace(/\s+/g, ' ')
    .replace(/<\s*>|\(\s*\)/g, ' ')
    .replace(/^[\s–—\-:,;()]+|[\s–—\-:,;(]+$/g, '')
    .trim();
  return name || entry;
}

/** The plan's people and services that can be reached: by phone, by e-mail, or both. */
export function contactsOf(plan: SafetyPlan): Contact[] {
  const out: Contact[] = [];
  for (const section of CONTACT_SECTIONS) {
    for (const entry of plan.sections[section]) {
      // The same line written twice is one contact.
      if (out.some((c) => c.section === section && c.entry === entry)) continue;
      const { phones, email } = readEntry(entry);
      if (phones.length === 0 && !email) continue;
      out.push({
        entry,
        name: nameOf(entry, phones, email),
        phones,
        ...(email ? { email } : {}),
        section,
      });
    }
  }
  return out;
}

/**
 * The numbers of a section's text (one entry a line) that cannot be a phone number as typed (a digit missing
 * or too many for its country), for the form to ask about; the text itself is never changed.
 */
export function doubtfulNumbers(text: string): string[] {
  return text.split('\n').flatMap((line) => readEntry(line).doubtful);
}

/** A `tel:` address for the number. */
export const callHref = (phone: PhoneNumber): string => `tel:${phone.dial}`;

/**
 * An `sms:` address for the number, with the message written in (`?&body=`: the form both Android's and
 * iOS's messaging apps read).
 */
export const textHref = (phone: PhoneNumber, body?: string): string =>
  `sms:${phone.dial}${body ? `?&body=${encodeURIComponent(body)}` : ''}`;
