import { SEARCH_KINDS, type SearchKind } from '@blotter/shared/schemas/search';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { SEARCH_KIND_LABELS } from '../model/criterion-label';

/** The types a phone offers: every one but severity (spec 2 §2). */
export const PHONE_SEARCH_KINDS = SEARCH_KINDS.filter((kind) => kind !== 'severity');

/** The types offered: on a phone without severity; 'Active ban' only to who may view subjects (issue 31). */
export function offeredSearchKinds(compact: boolean, canViewSubjects: boolean): readonly SearchKind[] {
  return (compact ? PHONE_SEARCH_KINDS : SEARCH_KINDS).filter((kind) => kind !== 'activeBan' || canViewSubjects);
}

export const searchTypeTabId = (kind: SearchKind) => `search-type-${kind}`;
export const SEARCH_TYPE_PANEL_ID = 'search-type-panel';

interface SearchTypeChooserProps {
  value: SearchKind;
  onChange: (kind: SearchKind) => void;
  /** Small screens: a dropdown without severity instead of the list of tabs. */
  compact: boolean;
  /** The types offered (offeredSearchKinds). */
  kinds: readonly SearchKind[];
}

/** The search type: vertical tabs beside the form, or a dropdown on a small screen. */
export function SearchTypeChooser({ value, onChange, compact, kinds }: SearchTypeChooserProps) {
  if (compact) {
    return (
      <TextField
        select
        label="Search type"
        size="small"
        fullWidth
        value={value}
        onChange={(event) => onChange(event.target.value as SearchKind)}
      >
        {kinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {SEARCH_KIND_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <Tabs
      orientation="vertical"
      variant="scrollable"
      value={value}
      onChange={(_event, kind: SearchKind) => onChange(kind)}
      aria-label="Search type"
      sx={{ borderRight: 1, borderColor: 'divider', minWidth: 180 }}
    >
      {kinds.map((kind) => (
        <Tab
          key={kind}
          value={kind}
          label={SEARCH_KIND_LABELS[kind]}
          id={searchTypeTabId(kind)}
          aria-controls={SEARCH_TYPE_PANEL_ID}
          sx={{ alignItems: 'flex-start', textTransform: 'none', minHeight: 36, py: 0.75 }}
        />
      ))}
    </Tabs>
  );
}
