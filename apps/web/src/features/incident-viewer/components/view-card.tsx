import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { cardFileKey, pictureKey, type SectionDiff } from '../model/diff-sections';
import type { ViewCard as ViewCardModel, ViewFile } from '../model/view-sections';
import { changedSx } from './changed-style';
import { FileCard, FileGrid } from './file-card';
import { FieldGrid, ViewField } from './view-field';

interface ViewCardProps {
  card: ViewCardModel;
  diff?: SectionDiff;
  /** The column of the compare this card is in: a card only in this version was 'Added' or 'Removed'. */
  side?: 'before' | 'after';
  narrow?: boolean;
  onOpenFile?: (file: ViewFile) => void;
}

const isWide = (text: string, html: boolean) => html || text.length > 120;

/**
 * A read-only panel of a person, legal entity, vehicle, item or corrective action. Person panels
 * mask their private fields until 'Show private details' is pressed (offered only to holders of
 * PRIVACY_INFO_VIEW; for others the server sends nothing and the fields read 'Hidden').
 */
export function ViewCard({ card, diff, side, narrow, onOpenFile }: ViewCardProps) {
  const titleId = useId();
  const [unlocked, setUnlocked] = useState(false);
  const privacy = { hidden: card.privacy === 'hidden', unlocked };
  const onlyHere = diff?.cards.has(card.key) ?? false;
  const pictureChanged = diff?.changed.has(pictureKey(card.key)) ?? false;
  const fields = card.fields.filter((f) => f.private || f.text !== '' || diff?.changed.has(f.key));
  const pictureUrl = card.picture?.url;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      title={onlyHere ? (side === 'before' ? 'Removed' : 'Added') : undefined}
      sx={[{ p: 2, minWidth: 0 }, onlyHere && changedSx]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        {card.picture && (
          <Box
            title={pictureChanged ? 'Changed' : undefined}
            sx={[{ borderRadius: '50%' }, pictureChanged && changedSx]}
          >
            <Avatar
              src={pictureUrl ?? undefined}
              alt={pictureUrl ? `Picture of ${card.title}` : undefined}
              sx={{ width: 56, height: 56 }}
            >
              {card.title.charAt(0)}
            </Avatar>
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
            {card.title}
          </Typography>
          {card.chips.map((chip) => (
            <Chip key={chip} label={chip} size="small" />
          ))}
          {onlyHere && <Chip label={side === 'before' ? 'Removed' : 'Added'} size="small" color="warning" />}
        </Box>
        {card.privacy === 'masked' && (
          <Tooltip title={unlocked ? 'Hide private details' : 'Show private details'}>
            <IconButton
              aria-label={unlocked ? 'Hide private details' : 'Show private details'}
              aria-pressed={unlocked}
              onClick={() => setUnlocked((value) => !value)}
            >
              {unlocked ? <LockOpenIcon /> : <LockOutlinedIcon />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <FieldGrid narrow={narrow}>
        {fields.map((f) => (
          <ViewField
            key={f.key}
            field={f}
            privacy={privacy}
            changed={diff?.changed.has(f.key)}
            wide={isWide(f.text, f.html !== undefined)}
          />
        ))}
      </FieldGrid>
      {card.files.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography component="h5" variant="subtitle2" sx={{ mb: 1 }}>
            Attachments ({card.files.length})
          </Typography>
          <FileGrid>
            {card.files.map((file) => (
              <FileCard
                key={file.key}
                file={file}
                onOpen={onOpenFile}
                changed={diff?.changed.has(cardFileKey(card.key, file.key))}
              />
            ))}
          </FileGrid>
        </Box>
      )}
    </Paper>
  );
}
