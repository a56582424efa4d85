import type { AttachmentType } from '@blotter/shared/schemas/incident-parts';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableChartIcon from '@mui/icons-material/TableChart';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import Box from '@mui/material/Box';

const ICONS = {
  IMAGE: ImageIcon,
  AUDIO: AudioFileIcon,
  MOVIE: MovieIcon,
  PDF: PictureAsPdfIcon,
  DOC: DescriptionIcon,
  XLS: TableChartIcon,
  TXT: TextSnippetIcon,
  ETC: InsertDriveFileIcon,
} as const;

/** The icon of an attachment type, where there is no thumbnail. */
export function FileTypeIcon({ type, size = 40 }: { type: AttachmentType | undefined; size?: number }) {
  const Icon = ICONS[type ?? 'ETC'] ?? InsertDriveFileIcon;
  return <Icon color="action" sx={{ fontSize: size }} />;
}

/**
 * The 64 px square in front of an attachment: its thumbnail when it is an image with one, otherwise
 * the icon of its type. alt '' when the name is shown beside it anyway.
 */
export function FileThumbnail({
  src,
  type,
  alt,
}: {
  src: string | null;
  type: AttachmentType | undefined;
  alt: string;
}) {
  return (
    <Box
      sx={{
        width: 64,
        height: 64,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <FileTypeIcon type={type} />
      )}
    </Box>
  );
}
