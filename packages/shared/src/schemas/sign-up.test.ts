import { describe, expect, it } from 'vitest';
import { isPersonalEmail, SIGN_UP_MESSAGES, signUpSchema } from './sign-up';

const form = {
  email: 'owner@acme.example',
  password: 'Secret1!',
  passwordConfirm: 'Secret1!',
  firstName: 'Olivia',
  lastName: 'Owner',
  companyName: 'Acme',
  phone: '555-0100',
  companyCountryCode: 'CA',
  businessType: 'general',
  serviceAgreementChecked: true,
};

const firstMessage = (input: Record<string, unknown>) => {
  const result = signUpSchema(false).safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('isPersonalEmail', () => {
  it('knows the free-mail providers under any top-level domain and in any case', () => {
    for (const email of ['a@gmail.com', 'a@Hotmail.co.uk', 'a@mail.YAHOO.com', 'a@icloud.com', 'a@protonmail.ch']) {
      expect(isPersonalEmail(email), email).toBe(true);
    }
  });

  it('does not refuse a company whose name merely contains a provider, nor a provider as top-level domain', () => {
    for (const email of ['a@outlookconsulting.com', 'a@gmail-partners.example', 'a@acme.aol']) {
      expect(isPersonalEmail(email), email).toBe(false);
    }
  });
});

describe('signUpSchema', () => {
  it('accepts a complete form', () => {
    expect(firstMessage(form)).toBeUndefined();
  });

  it('asks for the confirmation, then for the same password', () => {
    expect(firstMessage({ ...form, passwordConfirm: '' })).toBe('Please enter the same password as above');
    expect(firstMessage({ ...form, passwordConfirm: 'Secret2!' })).toBe('Password did not match');
  });

  it('needs the agreement box ticked', () => {
    expect(firstMessage({ ...form, serviceAgreementChecked: false })).toBe(SIGN_UP_MESSAGES.agreementRequired);
  });

  it('allows a company name of 100 and a phone of 20, not more', () => {
    expect(firstMessage({ ...form, companyName: 'c'.repeat(100), phone: '1'.repeat(20) })).toBeUndefined();
    expect(firstMessage({ ...form, companyName: 'c'.repeat(101) })).toBe(
      'Company name length cannot be longer than 100.',
    );
    expect(firstMessage({ ...form, phone: '1'.repeat(21) })).toBe('Phone length cannot be longer than 20.');
  });
});

describe('the password confirmation on a form still being filled in', () => {
  it('is checked while other fields are still empty', () => {
    const result = signUpSchema(false).safeParse({ password: 'Secret1!', passwordConfirm: 'Other!1' });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toContain('Password did not match');
  });
});
