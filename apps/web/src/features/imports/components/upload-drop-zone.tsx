import type { ImportDetail } from '@blotter/shared/schemas/imports';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useUploadImport } from '../api/upload-import';
import { IMPORT_ACCEPT, uploadProblem } from '../model/upload-check';

/** Upload: a file picker and a drop zone for one .csv or .xlsx, with the upload's progress. */
export function UploadDropZone({ onUploaded }: { onUploaded: (detail: ImportDetail) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadImport(setProgress);

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    const refused = uploadProblem(file);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    upload.mutate(file, { onSuccess: onUploaded });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
        }}
      >
        <UploadFileIcon color="action" fontSize="large" aria-hidden />
        <Typography id={hintId} sx={{ my: 1 }}>
          Drop a CSV or Excel (.xlsx) file of incidents here, or choose one. One row per incident; further sheets may
          hold persons, vehicles and items keyed by the incident's reference.
        </Typography>
        <Button
          variant="contained"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          aria-describedby={hintId}
        >
          Choose a file
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          hidden
          aria-label="Spreadsheet to import"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {upload.isPending && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" id={`${hintId}-progress`}>
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Reading the file…'}
          </Typography>
          <LinearProgress
            variant={progress < 1 ? 'determinate' : 'indeterminate'}
            value={progress * 100}
            aria-labelledby={`${hintId}-progress`}
          />
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      {upload.isError && !problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {upload.error.message}
        </Alert>
      )}
    </Box>
  );
}
