import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { useController, useWatch } from 'react-hook-form';
import { useSquareImagePicker } from '../../../../../components/square-image-picker';
import { useInitData } from '../../../../../lib/api/get-init-data';
import { usePersonPictureUrl, useUploadPersonPicture } from '../../../api/upload-person-picture';
import { asId, asText } from '../fields/form-types';
import { fileSizeError, isImageFile } from '../file-limits';

/** Initials of a name for the avatar shown without a picture. */
function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}

/** The card's avatar: the picture uploaded in this page, else the person's initials. */
export function PersonAvatar({ index, size = 40 }: { index: number; size?: number }) {
  const [picture, first, last] = useWatch({
    name: [`persons.${index}.personPicture`, `persons.${index}.firstName`, `persons.${index}.lastName`],
  });
  const url = usePersonPictureUrl(asId(picture));
  return (
    <Avatar src={url} alt={url ? 'Person picture' : undefined} sx={{ width: size, height: size }}>
      {initials(asText(first), asText(last))}
    </Avatar>
  );
}

interface PersonPictureProps {
  index: number;
  workingCopyId: string;
}

/**
 * 'Add picture': choose an image (within the company's avatar size limit), crop it square in
 * 'Confirm Image' and upload it; the card keeps the storage key in personPicture.
 */
export function PersonPicture({ index, workingCopyId }: PersonPictureProps) {
  const { data } = useInitData();
  const { field } = useController({ name: `persons.${index}.personPicture` });
  const cardId = asText(useWatch({ name: `persons.${index}.id` }));
  const upload = useUploadPersonPicture();
  const hasPicture = Boolean(asId(field.value));
  const hasUrl = Boolean(usePersonPictureUrl(asId(field.value)));
  const picker = useSquareImagePicker({
    label: 'Picture file',
    validate: (file) =>
      isImageFile(file) ? (fileSizeError(file, data?.fileSizeLimit.maxAvatarFileSize) ?? '') : 'Choose an image file.',
    fallbackName: 'picture',
    onPicked: async (file, fileName) => {
      const answer = await upload.mutateAsync({ personCardId: cardId, incidentId: workingCopyId, file, fileName });
      field.onChange(answer.fileName);
    },
  });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <PersonAvatar index={index} size={72} />
      <Box>
        <Button variant="outlined" startIcon={<AddAPhotoIcon />} {...picker.buttonProps}>
          {hasPicture ? 'Change picture' : 'Add picture'}
        </Button>
        {picker.input}
        {hasPicture && !hasUrl && <FormHelperText>A picture is on file for this person.</FormHelperText>}
        {picker.errorText}
      </Box>
      {picker.dialog}
    </Box>
  );
}
