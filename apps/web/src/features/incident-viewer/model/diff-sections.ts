import { fieldValue, fileValue, type ViewSection } from './view-sections';

/** What differs between two versions of an incident, by the keys of the sections' fields, cards and files. */
export interface SectionDiff {
  /** Fields, files and pictures whose value differs, or that exist in one version only. */
  changed: ReadonlySet<string>;
  /** Cards (persons, vehicles…) present in one version only: added in the later one, or removed. */
  cards: ReadonlySet<string>;
}

export const NO_DIFF: SectionDiff = { changed: new Set(), cards: new Set() };

/** Every comparable value of a version by key. */
function valuesOf(sections: readonly ViewSection[]): { values: Map<string, string>; cards: Set<string> } {
  const values = new Map<string, string>();
  const cards = new Set<string>();
  for (const section of sections) {
    for (const f of section.fields) values.set(f.key, fieldValue(f));
    for (const file of section.files) values.set(file.key, fileValue(file));
    for (const card of section.cards) {
      cards.add(card.key);
      for (const f of card.fields) values.set(f.key, fieldValue(f));
      for (const file of card.files) values.set(cardFileKey(card.key, file.key), fileValue(file));
      if (card.picture) values.set(pictureKey(card.key), card.picture.key ?? '');
    }
  }
  return { values, cards };
}

/**
 * The fields that changed from one version to the next (history compare). A value that is empty in
 * one version and missing in the other (a field shown only for employees, say) did not change.
 * Without an earlier version (the incident's creation) nothing is marked.
 */
export function diffSections(before: readonly ViewSection[] | null, after: readonly ViewSection[]): SectionDiff {
  if (!before) return NO_DIFF;
  const a = valuesOf(before);
  const b = valuesOf(after);
  const changed = new Set<string>();
  for (const key of new Set([...a.values.keys(), ...b.values.keys()])) {
    if ((a.values.get(key) ?? '') !== (b.values.get(key) ?? '')) changed.add(key);
  }
  const cards = new Set<string>();
  for (const key of a.cards) if (!b.cards.has(key)) cards.add(key);
  for (const key of b.cards) if (!a.cards.has(key)) cards.add(key);
  return { changed, cards };
}

/** The key a card's file is compared by (files of different cards may share an id in theory). */
export const cardFileKey = (cardKey: string, fileKey: string) => `${cardKey}.${fileKey}`;
export const pictureKey = (cardKey: string) => `${cardKey}.picture`;
