import type { Person } from '@blotter/shared';
import type { PrintBlock, PrintField } from '../../platform/pdf';
import { HIDDEN, type PrintContext } from './print-context';
import { measurementLabels, onLabels, personName, printAddress, printCalendarDate } from './print-format';

export const PERSON_STATUSES = [
  ['statusInjury', 'Injury'],
  ['statusFirstAid', 'First aid'],
  ['statusHospitalized', 'Hospitalized'],
  ['statusRefusedHelp', 'Refused help'],
] as const;

export const PERSON_RELATIONS = [
  ['relationReporter', 'Reporter'],
  ['relationVictim', 'Victim'],
  ['relationPersonOfInterest', 'Person of interest'],
  ['relationSuspect', 'Suspect'],
  ['relationWitness', 'Witness'],
  ['relationSubject', 'Subject'],
] as const;

/**
 * A person panel of the viewer on paper (spec 1 §2): department and position for employees, the
 * location for others. Date of birth, gender, address, phones and email read 'Hidden' without
 * PRIVACY_INFO_VIEW; their values never reach the document.
 */
export function personBlock(person: Person, context: PrintContext): PrintBlock {
  const { lookups, viewPrivate } = context;
  const secret = (value: () => string) => (viewPrivate ? value() : HIDDEN);
  const units = measurementLabels(context.measurementType);
  const fields: PrintField[] = [
    { label: 'First name', value: person.firstName },
    { label: 'Middle initial', value: person.middleName },
    { label: 'Last name', value: person.lastName },
    { label: 'Alias', value: person.alias },
    { label: 'Person status', value: onLabels(person, PERSON_STATUSES) },
    { label: 'Relation', value: onLabels(person, PERSON_RELATIONS) },
    {
      label: 'Type',
      value: person.isEmployee ? 'Employee' : lookups.name('personType', person.lookupPersonTypeId),
    },
  ];
  if (person.isEmployee) {
    fields.push(
      { label: 'Department', value: lookups.name('department', person.lookupDepartmentId) },
      { label: 'Position', value: person.position },
    );
  }
  fields.push(
    { label: 'Date of birth', value: secret(() => printCalendarDate(person.dateOfBirth, context.clock.dateFormat)) },
    { label: 'Gender', value: secret(() => lookups.name('genderType', person.lookupGenderTypeId)) },
  );
  if (!person.isEmployee) fields.push({ label: 'Location', value: secret(() => printAddress(person)) });
  fields.push(
    { label: 'Phone', value: secret(() => person.phone) },
    { label: 'Mobile phone', value: secret(() => person.mobilePhone) },
    { label: 'Email', value: secret(() => person.email) },
    { label: units.height, value: person.charHeight },
    { label: units.weight, value: person.charWeight },
    { label: 'Hair colour', value: person.charHairColor },
    { label: 'Hair length', value: person.charHairLength },
    { label: 'Hair type', value: person.charHairType },
    { label: 'Facial hair', value: person.charFacialHair },
    { label: 'Eye glasses', value: person.charEyeGlasses },
    { label: 'Distinguishing features', value: person.charOther },
    { label: 'Comments', value: person.comments, paragraph: true },
  );
  const picture = person.personPicture ? context.pictures.get(person.personPicture) : undefined;
  return { heading: personName(person), fields, image: picture };
}
