import { type Person, personSchema } from '@blotter/shared/schemas/incident-parts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { toastError } from '../../../../../lib/toast';
import { useAddIncidentPerson } from '../../../api/add-incident-person';
import { useOfflineCapture } from '../../../offline/offline-capture';
import { FormSection } from '../../form/form-section';
import { useIncidentForm } from '../fields/form-types';
import { newCardId } from '../new-card-id';
import { EmployeeDialog } from '../parties/employee-dialog';
import type { PartyMatch } from '../parties/party-match';
import { PartySearchDialog } from '../parties/party-search-dialog';
import { useDetachParty } from '../parties/use-detach-party';
import { alreadyExistsMessage, findCardOfParty } from '../party-rules';
import type { SectionProps } from '../section-props';
import { PersonCard } from './person-card';
import { toPersonCard } from './to-person-card';

const FIELDS = ['persons'] as const;

/** 'WHO - Persons (n)': persons added from the register ('Select Person') or entered new. */
export function PersonsSection({ workingCopyId }: SectionProps) {
  const { control, getValues } = useIncidentForm();
  const { fields, append, remove } = useFieldArray({ control, name: 'persons', keyName: 'key' });
  const detach = useDetachParty();
  const addPerson = useAddIncidentPerson();
  const [dialog, setDialog] = useState<'search' | 'employee' | null>(null);
  // Offline (issue 30) the register cannot be searched: only new persons.
  const offline = useOfflineCapture();

  const addExisting = async (match: PartyMatch): Promise<boolean> => {
    const persons = (getValues('persons') ?? []) as Person[];
    if (findCardOfParty(persons, match.personId)) {
      toastError(alreadyExistsMessage(match.name));
      return false;
    }
    try {
      append(toPersonCard(await addPerson.mutateAsync(match.personId)));
      return true;
    } catch {
      // The mutation cache has shown the server's message.
      return false;
    }
  };

  const addNew = (isEmployee: boolean) => {
    setDialog(null);
    append(personSchema.parse({ id: newCardId(), isEmployee }), { focusName: `persons.${fields.length}.firstName` });
  };

  const removeCard = useCallback(
    (index: number) => {
      const id = getValues(`persons.${index}.id`);
      remove(index);
      if (typeof id === 'string') detach(id);
    },
    [getValues, remove, detach],
  );

  return (
    <FormSection
      title={`WHO - Persons (${fields.length})`}
      help="People involved: reporters, victims, witnesses, suspects and others. Search the people already recorded before entering someone new."
      fields={FIELDS}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {!offline && (
            <Button startIcon={<PersonSearchIcon />} onClick={() => setDialog('search')}>
              Add person
            </Button>
          )}
          <Button startIcon={<PersonAddIcon />} onClick={() => setDialog('employee')}>
            New person
          </Button>
        </Stack>
      }
    >
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <PersonCard key={field.key} index={index} workingCopyId={workingCopyId} onRemove={removeCard} />
        ))}
      </Stack>
      {dialog === 'search' && (
        <PartySearchDialog kind="person" open onChoose={addExisting} onClose={() => setDialog(null)} />
      )}
      <EmployeeDialog open={dialog === 'employee'} onAnswer={addNew} onClose={() => setDialog(null)} />
    </FormSection>
  );
}
