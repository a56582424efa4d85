import type { SubjectKind } from '@blotter/shared/schemas/subjects';
import BusinessIcon from '@mui/icons-material/Business';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';

const ICONS = { person: <PersonIcon />, legalEntity: <BusinessIcon />, vehicle: <DirectionsCarIcon /> } as const;

/** The subject's photo, else an icon of its kind. */
export function SubjectAvatar({
  kind,
  name,
  photoUrl,
  size = 40,
}: {
  kind: SubjectKind;
  name: string;
  photoUrl: string | null;
  size?: number;
}) {
  return (
    <Avatar src={photoUrl ?? undefined} alt={photoUrl ? name : undefined} sx={{ width: size, height: size }}>
      {ICONS[kind]}
    </Avatar>
  );
}
