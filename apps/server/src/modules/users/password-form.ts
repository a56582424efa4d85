import { passwordSchema } from '@blotter/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';

/** The fields of a server-rendered password form (set on verification, or reset). */
const passwordForm = z.object({
  token: z.string().max(200).default(''),
  password: z.string().max(1000).default(''),
  confirm: z.string().max(1000).default(''),
});

/** The posted form, blank fields for anything unreadable. */
export function readPasswordForm(body: unknown) {
  const form = passwordForm.safeParse(body ?? {});
  return form.success ? form.data : { token: '', password: '', confirm: '' };
}

/** What is wrong with the chosen password (spec 3 §5's rule of the environment, then the confirmation), if anything. */
export function passwordFormError(production: boolean, password: string, confirm: string): string | undefined {
  const rule = passwordSchema(production).safeParse(password);
  if (!rule.success) return rule.error.issues[0]?.message ?? 'Invalid password';
  return password !== confirm ? PASSWORDS_DO_NOT_MATCH : undefined;
}

/** Answers a page for people: never cached (it carries a token). */
export const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
