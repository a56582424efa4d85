import { z } from 'zod';
import { ACCOUNT_TYPES, type AccountType } from '../constants';
import { passwordSchema } from './user-admin';

/** The free-trial sign-up form (spec 2 §2 Sign-up page, §3 Sign-up form, §5 Sign-up validation). */

export const TRIAL_DAYS = 30;
export const TRIAL_CONCURRENT_USERS = 5;

/** The account types, in the order the form offers them. */
export const BUSINESS_TYPES = ACCOUNT_TYPES;
export type BusinessType = AccountType;
/** How the sign-up page presents each account type. */
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  general: 'Corporate',
  hotel: 'Hospitality',
  education: 'Education',
  hospital: 'Healthcare',
};

/** Personal free-mail providers: a company signs up with its own address. */
export const FREE_MAIL_PROVIDERS = [
  'gmail',
  'hotmail',
  'outlook',
  'yahoo',
  'zoho',
  'protonmail',
  'yandex',
  'aol',
  'tutanota',
  'icloud',
] as const;

export const SIGN_UP_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  personalEmail: 'Please use company email, not personal email.',
  passwordMismatch: 'Password did not match',
  passwordConfirmRequired: 'Please enter the same password as above',
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Company name length cannot be longer than 100.',
  phoneRequired: 'Phone is required',
  phoneTooLong: 'Phone length cannot be longer than 20.',
  businessTypeRequired: 'Business type is required',
  countryRequired: 'Please select the country in which your business is located',
  agreementRequired: 'You cannot continue signing up without agreeing to the Terms of Service and Privacy Policy.',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name cannot be greater than 100',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name cannot be greater than 100',
} as const;

export const COMPANY_NAME_MAX = 100;
export const PHONE_MAX = 20;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * True when the address is at a personal free-mail provider: any label of its domain before the
 * top-level one names a provider (gmail.com, yahoo.co.uk, mail.outlook.com), not a company whose
 * name merely contains one (outlookconsulting.com).
 */
export function isPersonalEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.').slice(0, -1);
  return labels.some((label) => (FREE_MAIL_PROVIDERS as readonly string[]).includes(label));
}

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/**
 * POST /accounts: the sign-up form. The password follows the environment's rule (production is
 * strict), like every other password of the product.
 */
export const signUpSchema = (production: boolean) =>
  z
    .object({
      email: z
        .string({ error: SIGN_UP_MESSAGES.emailRequired })
        .trim()
        .min(1, SIGN_UP_MESSAGES.emailRequired)
        .max(255, SIGN_UP_MESSAGES.emailInvalid)
        .regex(EMAIL_PATTERN, SIGN_UP_MESSAGES.emailInvalid)
        .refine((email) => !isPersonalEmail(email), SIGN_UP_MESSAGES.personalEmail),
      password: z.string({ error: 'Password is required' }).pipe(passwordSchema(production)),
      passwordConfirm: z
        .string({ error: SIGN_UP_MESSAGES.passwordConfirmRequired })
        .min(1, SIGN_UP_MESSAGES.passwordConfirmRequired)
        .max(200, SIGN_UP_MESSAGES.passwordMismatch),
      firstName: required(SIGN_UP_MESSAGES.firstNameRequired, 100, SIGN_UP_MESSAGES.firstNameTooLong),
      lastName: required(SIGN_UP_MESSAGES.lastNameRequired, 100, SIGN_UP_MESSAGES.lastNameTooLong),
      companyName: required(
        SIGN_UP_MESSAGES.companyNameRequired,
        COMPANY_NAME_MAX,
        SIGN_UP_MESSAGES.companyNameTooLong,
      ),
      phone: required(SIGN_UP_MESSAGES.phoneRequired, PHONE_MAX, SIGN_UP_MESSAGES.phoneTooLong),
      companyCountryCode: z
        .string({ error: SIGN_UP_MESSAGES.countryRequired })
        .regex(/^[A-Z]{2}$/, SIGN_UP_MESSAGES.countryRequired),
      businessType: z.enum(BUSINESS_TYPES, { error: SIGN_UP_MESSAGES.businessTypeRequired }),
      serviceAgreementChecked: z.literal(true, { error: SIGN_UP_MESSAGES.agreementRequired }),
    })
    .refine((form) => form.passwordConfirm === form.password, {
      message: SIGN_UP_MESSAGES.passwordMismatch,
      path: ['passwordConfirm'],
      // Also while other fields are still invalid, so the form shows it as soon as both are typed.
      when: ({ value }) => {
        const form = value as { password?: unknown; passwordConfirm?: unknown };
        return (
          typeof form.password === 'string' && typeof form.passwordConfirm === 'string' && form.passwordConfirm !== ''
        );
      },
    });
export type SignUpInput = z.input<ReturnType<typeof signUpSchema>>;
export type SignUp = z.output<ReturnType<typeof signUpSchema>>;

/**
 * The answer of POST /accounts: the user as typed, with a status. 1 means the address is already
 * verified (sign in now); any other value that a verification email is on its way.
 */
export const signUpAnswer = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.number().int(),
});
export type SignUpAnswer = z.infer<typeof signUpAnswer>;
