// The identity e-mails (plain text, no health data, no tokens but the one the e-mail exists to carry).
import type { MailMessage } from '../mail/mailer.ts';

export function emailChallengeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Tend sign-in code: ${code}`,
    text: [
      `Your Tend sign-in code is ${code}.`,
      '',
      'It is valid for 10 minutes and can be used once.',
      'If you did not try to sign in, you can ignore this e-mail; consider changing your password.',
    ].join('\n'),
  };
}

export function emailChangeMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address for Tend',
    text: [
      'Someone (hopefully you) asked to use this address for their Tend account.',
      '',
      `Confirm it within 24 hours by opening this link: ${link}`,
      '',
      'If this was not you, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

export function emailChangedNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Tend e-mail address was changed',
    text: [
      `The e-mail address of your Tend account is now ${newEmail}.`,
      'If you did not make this change, contact us straight away.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Tend password',
    text: [
      `To choose a new password, open this link: ${link}`,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

export function deletionRequestMail(to: string, reference: string): MailMessage {
  return {
    to,
    subject: 'We received your request to delete your Tend account',
    text: [
      'We received a request to delete your Tend account and the data it holds.',
      `Our team will complete it within 30 days and tell you when it is done. Reference: ${reference}.`,
      '',
      'If you did not ask for this, reply to this e-mail straight away and change your password.',
    ].join('\n'),
  };
}

export function wrongCodesMail(to: string, failures: number): MailMessage {
  return {
    to,
    subject: 'Wrong sign-in codes were entered for your Tend account',
    text: [
      `In the last 15 minutes, a wrong second-factor code was entered ${failures} times while signing in to your Tend account.`,
      '',
      'If this was you, there is nothing to do: you can still sign in with the right code on your usual device.',
      'If it was not you, someone knows your password: change it now, and contact us if you need help.',
    ].join('\n'),
  };
}
