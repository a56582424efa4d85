/** Props of every section of the cards: the working copy (draft) the form edits. */
export interface SectionProps {
  /** The draft id: uploads and signed URLs belong to it. */
  workingCopyId: string;
}
