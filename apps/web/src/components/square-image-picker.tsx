import FormHelperText from '@mui/material/FormHelperText';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

// The cropper is loaded only when a picture is chosen.
const ConfirmImageDialog = lazy(() =>
  import('./confirm-image-dialog').then((module) => ({ default: module.ConfirmImageDialog })),
);

interface SquareImagePickerOptions {
  /** Accessible name of the hidden file input. */
  label: string;
  /** The message refusing a file, or '' to take it. */
  validate: (file: File) => string;
  /** The name the upload gets when the chosen file had none. */
  fallbackName: string;
  /** Uploads the cropped JPEG; a rejection keeps 'Confirm Image' open with the reason. */
  onPicked: (picture: Blob, fileName: string) => Promise<void>;
}

/**
 * Choosing a picture, as the person photo and the profile avatar do: the hidden file input, the
 * check of the file, 'Confirm Image' to crop it square, then the upload of a '.jpg' named after the
 * chosen file. The caller places `input`, `errorText` and `dialog`, and gives `buttonProps` to the
 * button that opens the file chooser.
 */
export function useSquareImagePicker({ label, validate, fallbackName, onPicked }: SquareImagePickerOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [error, setError] = useState('');

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const refused = validate(file);
    setError(refused);
    if (!refused) setSource({ url: URL.createObjectURL(file), name: file.name });
  };

  const confirm = async (picture: Blob) => {
    await onPicked(picture, `${(source?.name ?? fallbackName).replace(/\.[^.]+$/, '')}.jpg`);
    setSource(null);
  };

  return {
    buttonProps: { onClick: () => inputRef.current?.click(), 'aria-describedby': error ? errorId : undefined },
    input: (
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    ),
    errorText: error ? (
      <FormHelperText id={errorId} error>
        {error}
      </FormHelperText>
    ) : null,
    dialog: source ? (
      <Suspense fallback={null}>
        <ConfirmImageDialog src={source.url} onConfirm={confirm} onClose={() => setSource(null)} />
      </Suspense>
    ) : null,
  };
}
