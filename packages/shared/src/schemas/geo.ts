import { z } from 'zod';

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({ code: z.string(), name: z.string(), countryCode: z.string() });
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({
  id: z.string(),
  name: z.string(),
  stateName: z.string(),
  stateCode: z.string(),
  countryCode: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const statesQuery = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter country code')
    .optional(),
});

export const citySearchQuery = z.object({
  name: z
    .string({ message: 'name is required' })
    .trim()
    .min(2, 'Enter at least 2 characters to search cities')
    .max(100, 'name must be at most 100 characters'),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter country code')
    .optional(),
  stateCode: z.string().max(10).optional(),
});
