/** A form that fills a dialog's paper as a column, so only DialogContent scrolls (title and buttons stay). */
export const FORM_IN_DIALOG = { display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' } as const;
