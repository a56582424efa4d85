import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { SectionDiff } from '../model/diff-sections';
import type { ViewFile, ViewSection as ViewSectionModel } from '../model/view-sections';
import { FileCard, FileGrid } from './file-card';
import { ViewCard } from './view-card';
import { FieldGrid, ViewField } from './view-field';

interface IncidentSectionsProps {
  sections: readonly ViewSectionModel[];
  /** History compare: what differs from the other version, and which column this is. */
  diff?: SectionDiff;
  side?: 'before' | 'after';
  /** A column of the compare: fewer fields per row. */
  narrow?: boolean;
  onOpenFile?: (file: ViewFile) => void;
}

/** The read-only sections of an incident (spec 1 §2 Incident viewer), each a region named by its title. */
export function IncidentSections({ sections, diff, side, narrow, onOpenFile }: IncidentSectionsProps) {
  return (
    <Stack spacing={2}>
      {sections.map((section) => (
        <SectionPanel
          key={section.key}
          section={section}
          diff={diff}
          side={side}
          narrow={narrow}
          onOpenFile={onOpenFile}
        />
      ))}
    </Stack>
  );
}

function SectionPanel({
  section,
  diff,
  side,
  narrow,
  onOpenFile,
}: Omit<IncidentSectionsProps, 'sections'> & { section: ViewSectionModel }) {
  const titleId = useId();
  const fields = section.fields.filter((f) => f.text !== '' || diff?.changed.has(f.key));
  const empty = section.fields.length === 0 && section.cards.length === 0 && section.files.length === 0;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ mb: 1.5 }}>
        {section.title}
      </Typography>
      {fields.length > 0 && (
        <FieldGrid narrow={narrow}>
          {fields.map((f) => (
            <ViewField
              key={f.key}
              field={f}
              changed={diff?.changed.has(f.key)}
              wide={f.html !== undefined || f.text.length > 120}
            />
          ))}
        </FieldGrid>
      )}
      {section.cards.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: narrow ? '1fr' : { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {section.cards.map((card) => (
            <ViewCard key={card.key} card={card} diff={diff} side={side} narrow={narrow} onOpenFile={onOpenFile} />
          ))}
        </Box>
      )}
      {section.files.length > 0 && (
        <FileGrid>
          {section.files.map((file) => (
            <FileCard key={file.key} file={file} onOpen={onOpenFile} changed={diff?.changed.has(file.key)} />
          ))}
        </FileGrid>
      )}
      {empty && section.emptyText && (
        <Typography variant="body2" color="text.secondary">
          {section.emptyText}
        </Typography>
      )}
    </Paper>
  );
}
