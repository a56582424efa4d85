import { type LegalEntity, legalEntitySchema } from '@blotter/shared/schemas/incident-parts';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { toastError } from '../../../../../lib/toast';
import { useAddIncidentCompany } from '../../../api/add-incident-company';
import { useOfflineCapture } from '../../../offline/offline-capture';
import { FormSection } from '../../form/form-section';
import { useIncidentForm } from '../fields/form-types';
import { newCardId } from '../new-card-id';
import type { PartyMatch } from '../parties/party-match';
import { PartySearchDialog } from '../parties/party-search-dialog';
import { useDetachParty } from '../parties/use-detach-party';
import { alreadyExistsMessage, findCardOfParty } from '../party-rules';
import type { SectionProps } from '../section-props';
import { LegalEntityCard } from './legal-entity-card';
import { toCompanyCard } from './to-company-card';

const FIELDS = ['companies'] as const;

/** 'WHO - Legal entities (n)': companies added from the register ('Select legal entity') or entered new. */
export function LegalEntitiesSection(_props: SectionProps) {
  const { control, getValues } = useIncidentForm();
  const { fields, append, remove } = useFieldArray({ control, name: 'companies', keyName: 'key' });
  const detach = useDetachParty();
  const addCompany = useAddIncidentCompany();
  const [searching, setSearching] = useState(false);
  // Offline (issue 30) the register cannot be searched: only new legal entities.
  const offline = useOfflineCapture();

  const addExisting = async (match: PartyMatch): Promise<boolean> => {
    const cards = (getValues('companies') ?? []) as LegalEntity[];
    if (findCardOfParty(cards, match.personId)) {
      toastError(alreadyExistsMessage(match.name));
      return false;
    }
    try {
      append(toCompanyCard(await addCompany.mutateAsync(match.personId)));
      return true;
    } catch {
      // The mutation cache has shown the server's message.
      return false;
    }
  };

  const addNew = () =>
    append(legalEntitySchema.parse({ id: newCardId() }), { focusName: `companies.${fields.length}.name` });

  const removeCard = useCallback(
    (index: number) => {
      const id = getValues(`companies.${index}.id`);
      remove(index);
      if (typeof id === 'string') detach(id);
    },
    [getValues, remove, detach],
  );

  return (
    <FormSection
      title={`WHO - Legal entities (${fields.length})`}
      help="Companies and organisations involved, including your own (switch Owner on). Search those already recorded before entering a new one."
      fields={FIELDS}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {!offline && (
            <Button startIcon={<ManageSearchIcon />} onClick={() => setSearching(true)}>
              Add legal entity
            </Button>
          )}
          <Button startIcon={<AddBusinessIcon />} onClick={addNew}>
            New legal entity
          </Button>
        </Stack>
      }
    >
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <LegalEntityCard key={field.key} index={index} onRemove={removeCard} />
        ))}
      </Stack>
      {searching && (
        <PartySearchDialog kind="legalEntity" open onChoose={addExisting} onClose={() => setSearching(false)} />
      )}
    </FormSection>
  );
}
