import { measurementLabels, PERSON_RELATION_FLAGS, PERSON_STATUS_FLAGS } from '@blotter/shared/presentation';
import type { Person } from '@blotter/shared/schemas/incident-parts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { memo, useCallback, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useInitData } from '../../../../../lib/api/get-init-data';
import { useSession } from '../../../../../lib/auth/session-context';
import { toastError } from '../../../../../lib/toast';
import { useAddIncidentPerson } from '../../../api/add-incident-person';
import { checkPersonDuplicates } from '../../../api/check-person-duplicates';
import { useOfflineCapture } from '../../../offline/offline-capture';
import { todayCalendarDate } from '../../../utils/date-input';
import { AddressFields } from '../../form/address-fields';
import { useCompanyDateFormat } from '../../form/company-date-pickers';
import { DateTimeField } from '../../form/date-time-field';
import { useCandidateAlerts } from '../../form/subject-alerts-panel';
import { CardFrame, CardGrid, CardGroup, type CardName } from '../card-frame';
import { ContactFields } from '../fields/contact-fields';
import { FormSwitch } from '../fields/form-switch';
import { FormTextField } from '../fields/form-text-field';
import { asId, asText, useIncidentForm } from '../fields/form-types';
import { LookupSelectField } from '../fields/lookup-select-field';
import { DuplicateList } from '../parties/duplicate-list';
import { type PartyMatch, personMatchToParty } from '../parties/party-match';
import { useDuplicationCheck } from '../parties/use-duplication-check';
import {
  adoptPerson,
  alreadyExistsMessage,
  findCardOfParty,
  personDuplicationQuery,
  personFullName,
} from '../party-rules';
import { PersonAvatar, PersonPicture } from './person-picture';

import { toPersonCard } from './to-person-card';

/** Stable empty lists while the initial data loads. */
const NONE: never[] = [];

interface PersonCardProps {
  index: number;
  workingCopyId: string;
  onRemove: (index: number) => void;
}

/** The duplication check of the card and the list of its matches (spec 1 §4). */
function PersonDuplicates({ index }: { index: number }) {
  const { setValue, getValues } = useIncidentForm();
  const addPerson = useAddIncidentPerson();
  const base = `persons.${index}` as const;
  const [firstName, middleName, lastName, personId, checked] = useWatch({
    name: [
      `${base}.firstName`,
      `${base}.middleName`,
      `${base}.lastName`,
      `${base}.personId`,
      `${base}.duplicationChecked`,
    ],
  });
  const query = personDuplicationQuery({
    firstName: asText(firstName),
    middleName: asText(middleName),
    lastName: asText(lastName),
    personId: asId(personId),
    duplicationChecked: checked === true,
  });
  const markChecked = useCallback(
    () => setValue(`${base}.duplicationChecked`, true, { shouldDirty: true }),
    [setValue, base],
  );
  const dateFormat = useCompanyDateFormat();
  const { matches, checkNow, dismiss } = useDuplicationCheck({
    query,
    check: async (body, signal) =>
      (await checkPersonDuplicates(body, signal)).map((match) => personMatchToParty(match, dateFormat)),
    onNoMatches: markChecked,
  });

  const alerts = useCandidateAlerts(
    'person',
    matches.map((match) => match.personId),
  );

  const adopt = async (match: PartyMatch) => {
    const persons = (getValues('persons') ?? []) as Person[];
    const other = findCardOfParty(persons, match.personId);
    if (other) {
      toastError(alreadyExistsMessage(match.name));
      return;
    }
    try {
      const adopted = toPersonCard(await addPerson.mutateAsync(match.personId));
      setValue(base, adoptPerson(getValues(base) as Person, adopted), { shouldDirty: true });
    } catch {
      // The mutation cache has shown the server's message.
    }
  };

  if (matches.length > 0) {
    return (
      <DuplicateList
        matches={matches}
        useLabel="Use this person"
        alerts={alerts}
        busy={addPerson.isPending}
        onUse={(match) => void adopt(match)}
        onDismiss={() => {
          dismiss();
          markChecked();
        }}
      />
    );
  }
  if (!query) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button size="small" onClick={() => void checkNow()}>
        Check duplicates
      </Button>
    </Box>
  );
}

/**
 * Without PRIVACY_INFO_VIEW the server withholds the private details of a register person or of a
 * saved incident's person (privateHidden): they are not shown, so nothing blank is typed over them,
 * and saving keeps the stored values.
 */
export const PRIVATE_HIDDEN_NOTE =
  'Date of birth, gender, address, phones and email are hidden: viewing them needs the privacy ' +
  'privilege. They are kept as saved.';

/** The card's heading and remove button name: the person's full name. */
function personCardName(index: number): CardName {
  return {
    paths: [`persons.${index}.firstName`, `persons.${index}.middleName`, `persons.${index}.lastName`],
    compute: ([firstName, middleName, lastName]) =>
      personFullName({ firstName: asText(firstName), middleName: asText(middleName), lastName: asText(lastName) }),
  };
}

/** A person on the incident: every field of the Person entity (spec 1 §3), grouped as on paper. */
export const PersonCard = memo(function PersonCard({ index, workingCopyId, onRemove }: PersonCardProps) {
  const offline = useOfflineCapture();
  const { setValue } = useIncidentForm();
  const { claims } = useSession();
  const { data } = useInitData();
  const base = `persons.${index}` as const;
  const label = `Person ${index + 1}`;
  const name = useMemo(() => personCardName(index), [index]);
  const isEmployee = useWatch({ name: `${base}.isEmployee` }) === true;
  const privateHidden = useWatch({ name: `${base}.privateHidden` }) === true;
  const units = measurementLabels(claims?.measurementType ?? data?.companySettings.measurementType);
  // Spec 1 §4: changing the name resets the duplication check.
  const resetCheck = () => setValue(`${base}.duplicationChecked`, false, { shouldDirty: true });

  return (
    <CardFrame
      label={label}
      name={name}
      onRemove={() => onRemove(index)}
      path={base}
      adornment={
        <>
          <PersonAvatar index={index} size={32} />
          {isEmployee && <Chip size="small" label="Employee" />}
        </>
      }
    >
      <CardGrid>
        <FormTextField
          name={`${base}.firstName`}
          label="First name"
          required
          maxLength={100}
          onValueChange={resetCheck}
        />
        <FormTextField name={`${base}.middleName`} label="Middle name" maxLength={100} onValueChange={resetCheck} />
        <FormTextField name={`${base}.lastName`} label="Last name" maxLength={100} onValueChange={resetCheck} />
        <FormTextField name={`${base}.alias`} label="Alias" maxLength={100} />
        {isEmployee ? (
          <>
            <FormTextField name={`${base}.position`} label="Position" maxLength={100} />
            <LookupSelectField name={`${base}.lookupDepartmentId`} label="Department" type="department" />
          </>
        ) : (
          <LookupSelectField name={`${base}.lookupPersonTypeId`} label="Person type" type="personType" />
        )}
        {!privateHidden && (
          <>
            <LookupSelectField name={`${base}.lookupGenderTypeId`} label="Gender" type="genderType" />
            <DateTimeField
              name={`${base}.dateOfBirth`}
              label="Date of birth"
              kind="calendarDate"
              max={todayCalendarDate()}
            />
          </>
        )}
      </CardGrid>
      <FormSwitch name={`${base}.isEmployee`} label="Employee" />
      {/* Offline (issue 30) neither the register's duplicates nor a picture upload can be reached. */}
      {!offline && <PersonDuplicates index={index} />}

      {privateHidden ? (
        <CardGroup title="Private details">
          <Alert severity="info" variant="outlined">
            {PRIVATE_HIDDEN_NOTE}
          </Alert>
        </CardGroup>
      ) : (
        <>
          <CardGroup title="Address">
            <AddressFields prefix={base} countries={data?.countries ?? NONE} states={data?.states ?? NONE} />
          </CardGroup>

          <CardGroup title="Contact">
            <ContactFields base={base} />
          </CardGroup>
        </>
      )}

      <CardGroup title="Status">
        {PERSON_STATUS_FLAGS.map(([field, text]) => (
          <FormSwitch key={field} name={`${base}.${field}`} label={text} />
        ))}
      </CardGroup>

      <CardGroup title="Relation">
        {PERSON_RELATION_FLAGS.map(([field, text]) => (
          <FormSwitch key={field} name={`${base}.${field}`} label={text} />
        ))}
      </CardGroup>

      <CardGroup title="Description">
        <CardGrid>
          <FormTextField
            name={`${base}.charHeight`}
            label={units.height}
            placeholder={units.heightPlaceholder}
            maxLength={50}
          />
          <FormTextField
            name={`${base}.charWeight`}
            label={units.weight}
            placeholder={units.weightPlaceholder}
            maxLength={50}
          />
          <FormTextField name={`${base}.charHairColor`} label="Hair colour" maxLength={100} />
          <FormTextField name={`${base}.charHairLength`} label="Hair length" maxLength={100} />
          <FormTextField name={`${base}.charHairType`} label="Hair type" maxLength={100} />
          <FormTextField name={`${base}.charFacialHair`} label="Facial hair" maxLength={100} />
          <FormTextField name={`${base}.charEyeGlasses`} label="Eye glasses" maxLength={100} />
        </CardGrid>
        <Box sx={{ mt: 2 }}>
          <FormTextField
            name={`${base}.charOther`}
            label="Distinguishing features"
            multiline
            minRows={2}
            maxLength={500}
          />
        </Box>
      </CardGroup>

      {!offline && (
        <CardGroup title="Picture">
          <PersonPicture index={index} workingCopyId={workingCopyId} />
        </CardGroup>
      )}

      <Box sx={{ mt: 2 }}>
        <FormTextField name={`${base}.comments`} label="Comments" multiline minRows={2} maxLength={500} />
      </Box>
    </CardFrame>
  );
});
