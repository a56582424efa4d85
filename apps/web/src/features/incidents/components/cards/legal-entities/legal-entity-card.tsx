import { COMPANY_RELATION_FLAGS } from '@blotter/shared/presentation';
import type { LegalEntity } from '@blotter/shared/schemas/incident-parts';
import BusinessIcon from '@mui/icons-material/Business';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { memo, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useInitData } from '../../../../../lib/api/get-init-data';
import { toastError } from '../../../../../lib/toast';
import { useAddIncidentCompany } from '../../../api/add-incident-company';
import { useOfflineCapture } from '../../../offline/offline-capture';
import { AddressFields } from '../../form/address-fields';
import { CardFrame, CardGrid, CardGroup, type CardName } from '../card-frame';
import { ContactFields } from '../fields/contact-fields';
import { FormSwitch } from '../fields/form-switch';
import { FormTextField } from '../fields/form-text-field';
import { asText, useIncidentForm } from '../fields/form-types';
import type { PartyMatch } from '../parties/party-match';
import { PartySearchDialog } from '../parties/party-search-dialog';
import { adoptCompany, alreadyExistsMessage, findCardOfParty } from '../party-rules';
import { LegalEntityDuplicates } from './legal-entity-duplicates';
import { OwnerSwitch } from './owner-switch';
import { toCompanyCard } from './to-company-card';

/** Stable empty lists while the initial data loads. */
const NONE: never[] = [];

interface LegalEntityCardProps {
  index: number;
  onRemove: (index: number) => void;
}

/** A legal entity (company) on the incident (spec 1 §3 Legal entity). */
export const LegalEntityCard = memo(function LegalEntityCard({ index, onRemove }: LegalEntityCardProps) {
  const { getValues, setValue } = useIncidentForm();
  const { data } = useInitData();
  const addCompany = useAddIncidentCompany();
  const base = `companies.${index}` as const;
  const label = `Legal entity ${index + 1}`;
  const isOwnerValue = useWatch({ name: `${base}.isOwner` });
  const isOwner = isOwnerValue === true;
  /** The name searched for in 'Select Company', or null while it is closed. */
  const [searching, setSearching] = useState<string | null>(null);
  // Offline (issue 30) the register's duplicates cannot be checked.
  const offline = useOfflineCapture();
  const cardName = useMemo<CardName>(() => ({ paths: [`${base}.name`], compute: ([value]) => asText(value) }), [base]);
  const resetCheck = () => setValue(`${base}.duplicationChecked`, false, { shouldDirty: true });

  /** Takes an existing register entry for this card (from the duplicate list or 'Select Company'). */
  const adopt = async (match: PartyMatch): Promise<boolean> => {
    const cards = (getValues('companies') ?? []) as LegalEntity[];
    const card = getValues(base) as LegalEntity;
    const other = findCardOfParty(cards, match.personId);
    if (other && other.id !== card.id) {
      toastError(alreadyExistsMessage(match.name));
      return false;
    }
    try {
      const adopted = toCompanyCard(await addCompany.mutateAsync(match.personId));
      setValue(base, adoptCompany(getValues(base) as LegalEntity, adopted), { shouldDirty: true });
      return true;
    } catch {
      // The mutation cache has shown the server's message.
      return false;
    }
  };

  return (
    <CardFrame
      label={label}
      name={cardName}
      onRemove={() => onRemove(index)}
      path={base}
      adornment={
        <>
          <BusinessIcon color="action" />
          {isOwner && <Chip size="small" label="Owner" />}
        </>
      }
    >
      <OwnerSwitch index={index} />
      <CardGrid>
        <FormTextField
          name={`${base}.name`}
          label="Name"
          required
          maxLength={100}
          onValueChange={resetCheck}
          helperText={isOwner ? "The owner company's name comes from the account." : undefined}
          slotProps={{
            htmlInput: { readOnly: isOwner },
            input: isOwner
              ? undefined
              : {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label="Select Company"
                        edge="end"
                        onClick={() => setSearching(asText(getValues(`${base}.name`)).trim())}
                      >
                        <ManageSearchIcon />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
          }}
        />
        <FormTextField name={`${base}.contact`} label="Contact" maxLength={100} />
      </CardGrid>
      {!offline && (
        <LegalEntityDuplicates
          index={index}
          busy={addCompany.isPending}
          onAdopt={async (match) => void (await adopt(match))}
        />
      )}

      <CardGroup title="Address">
        <AddressFields prefix={base} countries={data?.countries ?? NONE} states={data?.states ?? NONE} />
      </CardGroup>

      <CardGroup title="Contact details">
        <ContactFields base={base} />
      </CardGroup>

      <CardGroup title="Relation">
        {COMPANY_RELATION_FLAGS.map(([field, text]) => (
          <FormSwitch key={field} name={`${base}.${field}`} label={text} />
        ))}
      </CardGroup>

      <Box sx={{ mt: 2 }}>
        <FormTextField name={`${base}.comments`} label="Comments" multiline minRows={2} maxLength={500} />
      </Box>
      {searching !== null && (
        <PartySearchDialog
          kind="company"
          open
          initialName={searching}
          onChoose={adopt}
          onClose={() => setSearching(null)}
        />
      )}
    </CardFrame>
  );
});
