import { useEffect, useRef, useState } from 'react';
import { isCompleteDate } from '../../lib/calendar-date';

/**
 * The date an MUI X picker shows, kept apart from the value its owner holds: while a date is being
 * typed (day, month, then the year digit by digit) the picker holds an Invalid Date and the owner
 * its `empty` value, and giving the picker that empty value back would clear what was typed. A value
 * set by the owner itself (a reset after Add, a loaded draft) replaces what is shown.
 */
export function useTypedDate<V>(value: V, parse: (value: V) => Date | null, serialize: (date: Date) => V, empty: V) {
  const [shown, setShown] = useState<Date | null>(() => parse(value));
  const published = useRef(value);
  useEffect(() => {
    if (Object.is(value, published.current)) return;
    published.current = value;
    setShown(parse(value));
  }, [value, parse]);
  /** What the picker answered: shown as is; the owner gets the value, or `empty` while incomplete. */
  const change = (date: Date | null): V => {
    setShown(date);
    const next = isCompleteDate(date) ? serialize(date) : empty;
    published.current = next;
    return next;
  };
  return { shown, change, partial: shown !== null && !isCompleteDate(shown) };
}
