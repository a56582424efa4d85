import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { BAN_TYPES, type BanBody, SUBJECT_MESSAGES } from '@blotter/shared/schemas/subjects';
import { z } from 'zod';

export const BAN_FORM_MESSAGES = {
  startRequired: 'A start date is required.',
  endRequired: "An end date is required, or tick 'Indefinite'.",
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Add ban dialog's fields: the end date is asked unless 'Indefinite' is ticked. */
export const banFormSchema = z
  .object({
    banType: z.enum(BAN_TYPES, SUBJECT_MESSAGES.invalidBanType),
    reason: z.string().trim().min(1, SUBJECT_MESSAGES.reasonRequired).max(1000, SUBJECT_MESSAGES.reasonMax),
    locationIds: z.array(z.string()).max(100, SUBJECT_MESSAGES.locationsMax),
    startDate: z.string().regex(ISO_DAY, BAN_FORM_MESSAGES.startRequired),
    indefinite: z.boolean(),
    endDate: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.indefinite) return;
    if (!ISO_DAY.test(form.endDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: BAN_FORM_MESSAGES.endRequired });
    } else if (form.endDate < form.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: SUBJECT_MESSAGES.endBeforeStart });
    }
  });
export type BanFormValues = z.input<typeof banFormSchema>;

/** The body of POST /subjects/:kind/:id/bans from the dialog's fields. */
export function banBodyOf(form: z.output<typeof banFormSchema>): BanBody {
  return {
    banType: form.banType,
    reason: form.reason,
    locationIds: form.locationIds,
    startDate: form.startDate,
    endDate: form.indefinite ? null : form.endDate,
  };
}

/** The dialog's fields of a recorded ban, for Edit. */
export function banFormValuesOf(ban: Pick<BanBody, 'banType' | 'reason' | 'locationIds' | 'startDate' | 'endDate'>) {
  return {
    banType: ban.banType,
    reason: ban.reason,
    locationIds: [...ban.locationIds],
    startDate: ban.startDate,
    indefinite: ban.endDate === null,
    endDate: ban.endDate ?? '',
  } satisfies BanFormValues;
}

/**
 * The picker's options with the ban's own locations added where the tree no longer offers them (a
 * location made inactive since), so that saving the ban keeps them.
 */
export function withBanLocations(
  options: readonly LocationOption[],
  locationIds: readonly string[],
  pathOf: (id: string) => string,
): LocationOption[] {
  const offered = new Set(options.map((option) => option.id));
  const missing = locationIds.filter((id) => !offered.has(id)).map((id) => ({ id, path: pathOf(id) }));
  return missing.length > 0 ? [...options, ...missing] : [...options];
}

/** Today in the company's time zone, yyyy-mm-dd (a ban's days are the company's). */
export function companyToday(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** A location of the tree as the picker offers it: its id and its path ('North Mall / Entrance'). */
export interface LocationOption {
  id: string;
  path: string;
}

/** The active locations of the tree, depth first, each with its path. */
export function locationOptions(nodes: readonly LookupNode[], parents: readonly string[] = []): LocationOption[] {
  return nodes
    .filter((node) => node.active)
    .flatMap((node) => {
      const path = [...parents, node.name.trim()];
      return [{ id: node.id, path: path.join(' / ') }, ...locationOptions(node.children, path)];
    });
}
