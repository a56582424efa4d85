import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { LegalSection } from './legal-texts';

interface LegalDialogProps {
  title: string;
  sections: readonly LegalSection[];
  open: boolean;
  onClose: () => void;
}

/** The Terms of Service or the Privacy Policy: read, then OK (spec 2 §2: an OK button only). */
export function LegalDialog({ title, sections, open, onClose }: LegalDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} scroll="paper" maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} variant="body2" sx={{ mb: 1 }}>
                {paragraph}
              </Typography>
            ))}
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
