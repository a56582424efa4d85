import { z } from 'zod';

/** The signed-in user's own profile (spec 3 §2 Profile, §3 Profile, §5 Profile, §7 Users, §8). */

export const PROFILE_MESSAGES = {
  required: 'required',
  tooLong: 'maximum length is 100',
  email: 'invalid email address',
  updated: (name: string) => `${name} has been updated.`,
  avatarUpdated: 'Profile image is successfully updated and the new image will be applied in the next login.',
  uploadLimit: (mb: number) => `* upload limit ${mb}MB`,
  avatarType: 'The picture must be an image (JPEG, PNG, GIF, WebP or AVIF).',
  avatarTooLarge: (mb: number) => `The picture must be at most ${mb} MB.`,
  passwordResetSent: "We've just sent you an email to reset your password.",
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const name = (optional = false) =>
  optional
    ? z.string({ error: PROFILE_MESSAGES.tooLong }).trim().max(100, PROFILE_MESSAGES.tooLong).default('')
    : z
        .string({ error: PROFILE_MESSAGES.required })
        .trim()
        .min(1, PROFILE_MESSAGES.required)
        .max(100, PROFILE_MESSAGES.tooLong);

/** The profile form: the email is shown (and checked) but never changed. */
export const profileFormSchema = z.object({
  email: z
    .string({ error: PROFILE_MESSAGES.required })
    .trim()
    .min(1, PROFILE_MESSAGES.required)
    .regex(EMAIL_PATTERN, PROFILE_MESSAGES.email),
  firstName: name(),
  middleName: name(true),
  lastName: name(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** PUT /users/profile: the payload is the profile; only the names are changed, the rest is ignored. */
export const profileUpdateBody = profileFormSchema.extend({ email: profileFormSchema.shape.email.optional() });
export type ProfileUpdate = z.output<typeof profileUpdateBody>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  position: z.string(),
  startDate: z.string().nullable(),
  company: z.string(),
  division: z.string(),
  department: z.string(),
  region: z.string(),
  location: z.string(),
  phone: z.string(),
  fax: z.string(),
  userGroupName: z.string(),
  /** The storage key of the picture, null without one. */
  avatarUrl: z.string().nullable(),
  /** A short-lived signed URL of the picture, null without one. */
  avatarSasKey: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /users/avatars: the answer's data is the new picture's URL (spec 3 §7). */
export const avatarUploadAnswer = z.object({ data: z.string() });
export type AvatarUploadAnswer = z.infer<typeof avatarUploadAnswer>;

/** GET /api/users/resetPassword?token=…: the link of the reset email. */
export const resetPasswordQuery = z.object({
  token: z
    .string({ error: 'The reset link is incomplete.' })
    .min(20, 'The reset link is incomplete.')
    .max(200, 'The reset link is not valid.'),
});
