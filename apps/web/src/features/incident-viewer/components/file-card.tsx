import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { FileThumbnail } from '../../../components/file-type-icon';
import { attachmentPreview, downloadUrl } from '../model/attachment-preview';
import type { ViewFile } from '../model/view-sections';
import { changedSx } from './changed-style';

interface FileCardProps {
  file: ViewFile;
  /** Opens the attachment viewer; files the viewer cannot show are downloaded instead. */
  onOpen?: (file: ViewFile) => void;
  /** History compare: the file was added, removed or renamed in this version. */
  changed?: boolean;
}

/** One attachment: thumbnail (images) or an icon by type, name and comments. */
export function FileCard({ file, onOpen, changed }: FileCardProps) {
  const nameId = useId();
  const commentsId = useId();
  const thumbnail = file.type === 'IMAGE' ? (file.thumbnailUrl ?? file.url) : null;
  const body = (
    <Box sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, width: '100%' }}>
      <FileThumbnail src={thumbnail} type={file.type} alt="" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={nameId} component="span" variant="subtitle2" sx={{ display: 'block', wordBreak: 'break-word' }}>
          {file.name}
        </Typography>
        {file.comments && (
          <Typography
            id={commentsId}
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block', wordBreak: 'break-word', whiteSpace: 'pre-line' }}
          >
            {file.comments}
          </Typography>
        )}
        {changed && <Chip label="Changed" size="small" color="warning" sx={{ mt: 0.5 }} />}
      </Box>
    </Box>
  );

  let content = body;
  if (file.url && onOpen) {
    const described = file.comments ? commentsId : undefined;
    content =
      attachmentPreview(file.type) === 'download' ? (
        <CardActionArea
          component="a"
          href={downloadUrl(file.url)}
          download
          aria-labelledby={nameId}
          aria-describedby={described}
        >
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={() => onOpen(file)} aria-labelledby={nameId} aria-describedby={described}>
          {body}
        </CardActionArea>
      );
  }

  return (
    <Paper
      variant="outlined"
      title={changed ? 'Changed' : undefined}
      sx={[{ minWidth: 0, overflow: 'hidden' }, Boolean(changed) && changedSx]}
    >
      {content}
    </Paper>
  );
}

/** Attachment cards in a responsive grid. */
export function FileGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
