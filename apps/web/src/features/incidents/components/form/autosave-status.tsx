import { DEBOUNCE } from '@blotter/shared/constants';
import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useFormContext } from 'react-hook-form';
import type { DraftAutosave } from '../../hooks/use-draft-autosave';

export const SAVE_FAILING_MESSAGE = 'Your changes could not be saved. Check your connection; we keep trying.';

/**
 * The only subscriber to every change of the form: it tells the autosave, and shows the 'Draft
 * saved' chip (5 s after each autosave) and a lasting warning while saving keeps failing. Being a
 * leaf, nothing else re-renders when a save ends.
 */
export function AutosaveStatus({ autosave }: { autosave: DraftAutosave }) {
  const { watch } = useFormContext<IncidentFieldsInput>();
  const { saver, status } = autosave;
  const { savedCount, failing, refusal } = useSyncExternalStore(status.subscribe, status.getSnapshot);
  const [chipFor, setChipFor] = useState(0);

  useEffect(() => {
    const subscription = watch(() => saver.changed());
    return () => subscription.unsubscribe();
  }, [watch, saver]);

  useEffect(() => {
    if (savedCount === 0) return;
    setChipFor(savedCount);
    const timer = setTimeout(() => setChipFor(0), DEBOUNCE.draftSavedChipMs);
    return () => clearTimeout(timer);
  }, [savedCount]);

  return (
    <>
      {failing && (
        <Alert severity="warning" sx={{ flexBasis: '100%' }}>
          {SAVE_FAILING_MESSAGE}
          {refusal ? ` (${refusal})` : ''}
        </Alert>
      )}
      <output aria-live="polite">
        {chipFor > 0 && (
          <Chip icon={<CheckCircleIcon />} label="Draft saved" color="success" variant="outlined" size="small" />
        )}
      </output>
    </>
  );
}
