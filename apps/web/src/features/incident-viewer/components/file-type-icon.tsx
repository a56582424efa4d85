import type { AttachmentType } from '@blotter/shared/schemas/incident-parts';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import TableChartIcon from '@mui/icons-material/TableChart';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';

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
