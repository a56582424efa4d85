import { lookupPathText } from '@blotter/shared/presentation';
import { ANALYSIS_LIMITS } from '@blotter/shared/schemas/analysis';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LookupTreeDialog } from '../../../components/lookup-tree-dialog';

interface LookupStepProps {
  /** 'Incident class' or 'Location'. */
  noun: string;
  tree: readonly LookupNode[];
  selected: readonly string[];
  onAdd: (id: string) => void;
  onRemove: (id: string) => void;
}

/**
 * Steps 3 and 4: optional class or location picks from the lookup tree, joined by OR; each counts
 * its sub-classes or sub-locations too.
 */
export function LookupStep({ noun, tree, selected, onAdd, onRemove }: LookupStepProps) {
  const [picking, setPicking] = useState(false);
  const plural = noun === 'Location' ? 'locations' : 'incident classes';
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Optional. The analysis counts the incidents of any of the chosen {plural} (and those below them); with none
        chosen it counts them all.
      </Typography>
      {selected.length > 0 && (
        <List dense aria-label={`Chosen ${plural}`} sx={{ maxWidth: 560 }}>
          {selected.map((id) => {
            const name = lookupPathText(tree, id);
            return (
              <ListItem
                key={id}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={`Remove ${name}`} onClick={() => onRemove(id)}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={name} />
              </ListItem>
            );
          })}
        </List>
      )}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setPicking(true)}
          disabled={selected.length >= ANALYSIS_LIMITS.lookups}
        >
          Add {noun.toLowerCase()}
        </Button>
      </Box>
      {picking && (
        <LookupTreeDialog
          open
          title={`Select ${noun}`}
          listLabel={noun === 'Location' ? 'Locations' : 'Incident classes'}
          tree={tree}
          selectedId=""
          includeInactive
          onSelect={(id) => {
            onAdd(id);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </Stack>
  );
}
