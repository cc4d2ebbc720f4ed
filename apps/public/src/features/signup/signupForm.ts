import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  checkOrganisationAccessCodeQueryCodeMax,
  checkOrganisationAccessCodeQueryCodeMin,
  checkOrganisationAccessCodeQueryCodeRegExp,
  joinOrganisationBodyCodeRegExp,
} from '@tend/api/zod';
import { LANGUAGES, useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import type { JoinMethod, SignupValues } from './createAccount.ts';
import { firstBrokenRule, type PasswordRule } from './password.ts';

export type Step = 'organisation' | 'account' | 'profile' | 'consent' | 'verify' | 'install';
export type SignupForm = UseFormReturnType<SignupValues>;

/** Joining by e-mail adds the step that proves the address (a code mailed once the account exists). */
export const STEPS: Record<JoinMethod, Step[]> = {
  code: ['organisation', 'account', 'profile', 'consent', 'install'],
  email: ['organisation', 'account', 'profile', 'consent', 'verify', 'install'],
};

/** The fields each step validates (the e-mail is asked on the first step or, with a code, on the second). */
export function stepFields(step: Step, method: JoinMethod): Array<keyof SignupValues> {
  switch (step) {
    case 'organisation':
      return method === 'code' ? ['accessCode'] : ['email'];
    case 'account':
      return method === 'code' ? ['email', 'password', 'confirmPassword'] : ['password', 'confirmPassword'];
    case 'profile':
      return ['firstName', 'lastName', 'screenName', 'language'];
    case 'consent':
      return ['acceptTerms', 'acceptPrivacy'];
    case 'verify':
      return ['emailCode'];
    case 'install':
      return [];
  }
}

/** The contract's access code: its length and characters (checkOrganisationAccessCode's `code`). */
function isAccessCode(value: string): boolean {
  const code = value.trim();
  return (
    code.length >= checkOrganisationAccessCodeQueryCodeMin &&
    code.length <= checkOrganisationAccessCodeQueryCodeMax &&
    checkOrganisationAccessCodeQueryCodeRegExp.test(code)
  );
}

/**
 * Every value of the sign-up in one form, so nothing typed is lost when a step fails or the person goes back.
 * Formats come from the contract (the access code, the mailed code); the messages are the spec's and ours.
 */
export function useSignupForm(preset: { code: string; email: string }): SignupForm {
  const { t, i18n } = useTranslation('public');
  const v = useValidators();
  const ruleMessage: Record<PasswordRule, string> = {
    length: t('signup.account.errors.length'),
    letter: t('signup.account.errors.letter'),
    number: t('signup.account.errors.number'),
    notEmail: t('signup.account.errors.notEmail'),
  };
  return useForm<SignupValues>({
    mode: 'controlled',
    initialValues: {
      method: preset.email && !preset.code ? 'email' : 'code',
      accessCode: preset.code,
      email: preset.email,
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      screenName: '',
      language: LANGUAGES.some((l) => l.code === i18n.language) ? i18n.language : 'en',
      acceptTerms: false,
      acceptPrivacy: false,
      emailCode: '',
    },
    validate: {
      accessCode: v.compose(v.required(), (value) =>
        isAccessCode(String(value)) ? null : t('signup.organisation.codeShape'),
      ),
      email: v.compose(v.required(), v.email()),
      password: v.compose(v.required(), (value, values) => {
        const broken = firstBrokenRule(String(value), (values as SignupValues).email);
        return broken ? ruleMessage[broken] : null;
      }),
      confirmPassword: v.compose(v.required(), (value, values) =>
        value === (values as SignupValues).password ? null : t('signup.account.errors.mismatch'),
      ),
      firstName: v.required(),
      lastName: v.required(),
      screenName: v.required(),
      language: v.required(),
      acceptTerms: (value) => (value ? null : t('signup.consent.mustAgree')),
      acceptPrivacy: (value) => (value ? null : t('signup.consent.mustAgree')),
      emailCode: v.compose(v.required(), (value) =>
        joinOrganisationBodyCodeRegExp.test(String(value)) ? null : t('signup.verify.codeShape'),
      ),
    },
  });
}
