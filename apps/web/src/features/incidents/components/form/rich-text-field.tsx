import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { FieldPath } from 'react-hook-form';

export interface RichTextFieldProps {
  name: FieldPath<IncidentFieldsInput>;
  /** The visible label, also the accessible name of the editable area. */
  label: string;
  placeholder?: string;
}

// TipTap and ProseMirror are the heaviest part of the form: they load in their own chunk, in
// parallel with the rest of the form, which is usable meanwhile.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Holds the editor's place (same size, same label) while its code loads. */
function EditorPlaceholder({ label }: { label: string }) {
  return (
    <Box aria-busy="true">
      <Typography component="div" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Skeleton variant="rounded" height={163} />
      <Box sx={{ height: 23 }} />
    </Box>
  );
}

/**
 * A rich-text (HTML) field of the incident form: TipTap with bold, italic and lists, a visible
 * 'n / 10000' counter and the limit applied to typing and pasting. Typing stays inside the editor;
 * the HTML reaches the form debounced (1000 ms), at once on blur, and whenever the form flushes
 * (submit, autosave on leaving), so nothing typed is lost and the form does not re-render per key.
 */
export function RichTextField(props: RichTextFieldProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
