import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';

interface SortableColumnItemProps {
  id: string;
  header: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** One column in 'Select columns': a drag handle ('Reorder <column>') and a checkbox. */
export function SortableColumnItem({ id, header, checked, onCheckedChange }: SortableColumnItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <ListItem
      ref={setNodeRef}
      disableGutters
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        borderRadius: 1,
        boxShadow: isDragging ? 3 : 0,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${header}`}
        size="small"
        // Touch drags move the column instead of scrolling the list.
        sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', mr: 0.5 }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <FormControlLabel
        control={
          <Checkbox size="small" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
        }
        label={header}
      />
    </ListItem>
  );
}
