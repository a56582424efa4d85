import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type FieldPath, useFormState } from 'react-hook-form';

interface FormSectionProps {
  /** The section's title, e.g. 'When' or 'WHO - Persons (2)'. */
  title: string;
  /** The help message shown under the title. */
  help: string;
  /** Top-level form fields of this section: the section is marked when any of them has an error. */
  fields: readonly FieldPath<IncidentFieldsInput>[];
  /** Buttons on the right of the title (e.g. 'Add person'). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * One section of the incident entry form: a titled region with its help message, marked (red
 * border and an alert) when a field of the section has an error after a save attempt. It
 * subscribes to the errors of its own fields only, so typing elsewhere does not re-render it.
 */
export function FormSection({ title, help, fields, actions, children }: FormSectionProps) {
  const { errors } = useFormState<IncidentFieldsInput>({ name: [...fields] });
  const hasError = fields.some(
    (field) =>
      field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) !==
      undefined,
  );
  return (
    // Not labelled by its title on purpose: the fields inside are named like their sections ('What',
    // 'Summary'), and a region with the same name would make those names ambiguous.
    <Paper
      component="section"
      data-error={hasError || undefined}
      variant="outlined"
      // The mark never changes the layout: a field's error clearing on blur must not move the field
      // the person is about to click.
      sx={{
        p: { xs: 2, sm: 3 },
        borderColor: hasError ? 'error.main' : undefined,
        boxShadow: hasError ? (theme) => `0 0 0 1px ${theme.palette.error.main}` : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {hasError && (
            <Typography
              variant="body2"
              color="error"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
            >
              <ErrorOutlineIcon fontSize="small" aria-hidden />
              This section has an error.
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {help}
      </Typography>
      {children}
    </Paper>
  );
}
