import { isResultColumnId, resultColumn } from '@blotter/shared/presentation';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import { useId, useState } from 'react';
import {
  type ColumnState,
  defaultColumnState,
  hasVisibleColumn,
  moveColumn,
  setColumnVisible,
} from '../columns/column-state';
import { SortableColumnItem } from './sortable-column-item';

interface SelectColumnsDialogProps {
  open: boolean;
  value: ColumnState;
  onApply: (next: ColumnState) => void;
  onCancel: () => void;
}

const headerOf = (id: UniqueIdentifier) => (isResultColumnId(id) ? resultColumn(id).header : String(id));

const INSTRUCTIONS =
  'To move a column, press space or enter on its handle, move it with the arrow keys, ' +
  'then press space or enter to drop it, or escape to cancel.';

/**
 * 'Select columns' (spec 1 §2 results list): a checkbox per column and a handle to drag it into
 * place, by pointer or keyboard. Changes apply on OK only.
 */
export function SelectColumnsDialog({ open, value, onApply, onCancel }: SelectColumnsDialogProps) {
  const titleId = useId();
  const [draft, setDraft] = useState(value);
  const [wasOpen, setWasOpen] = useState(open);
  const [dragging, setDragging] = useState(false);
  // Each opening starts from the columns in use.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(value);
  }

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a plain click on the handle does nothing.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (id: UniqueIdentifier) => draft.findIndex((entry) => entry.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${headerOf(active.id)}, position ${position(active.id)} of ${draft.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${headerOf(active.id)} is over position ${position(over.id)} of ${draft.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${headerOf(active.id)} dropped at position ${position(over.id)} of ${draft.length}.`
        : `${headerOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${headerOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    const from = active.id;
    const to = over?.id;
    if (!isResultColumnId(from) || !isResultColumnId(to)) return;
    setDraft((current) => moveColumn(current, from, to));
  };

  const valid = hasVisibleColumn(draft);

  return (
    <Dialog
      open={open}
      // Escape while a column is held cancels the move, not the dialog.
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' && dragging) return;
        onCancel();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      scroll="paper"
    >
      <DialogTitle id={titleId}>Select columns</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>
          Check the columns to show; drag a column by its handle to reorder.
        </DialogContentText>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
          onDragStart={() => setDragging(true)}
          onDragCancel={() => setDragging(false)}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={draft.map((entry) => entry.id)} strategy={verticalListSortingStrategy}>
            <List dense disablePadding>
              {draft.map((entry) => (
                <SortableColumnItem
                  key={entry.id}
                  id={entry.id}
                  header={resultColumn(entry.id).header}
                  checked={entry.visible}
                  onCheckedChange={(checked) => setDraft((current) => setColumnVisible(current, entry.id, checked))}
                />
              ))}
            </List>
          </SortableContext>
        </DndContext>
        {!valid && (
          <DialogContentText role="alert" color="error" sx={{ mt: 1 }}>
            Choose at least one column.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft(defaultColumnState())} sx={{ mr: 'auto' }}>
          Restore defaults
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onApply(draft)}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
