import {
  flagsText,
  formatCalendarDate,
  HIDDEN,
  lookupName,
  measurementLabels,
  PERSON_RELATION_FLAGS,
  PERSON_STATUS_FLAGS,
  type Person,
  personName,
} from '@blotter/shared';
import type { PrintBlock, PrintField } from '../../platform/pdf';
import { type PrintContext, printAddress } from './print-context';

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
    { label: 'Person status', value: flagsText(person, PERSON_STATUS_FLAGS) },
    { label: 'Relation', value: flagsText(person, PERSON_RELATION_FLAGS) },
    {
      label: 'Type',
      value: person.isEmployee ? 'Employee' : lookupName(lookups.single.personType, person.lookupPersonTypeId),
    },
  ];
  if (person.isEmployee) {
    fields.push(
      { label: 'Department', value: lookupName(lookups.single.department, person.lookupDepartmentId) },
      { label: 'Position', value: person.position },
    );
  }
  fields.push(
    { label: 'Date of birth', value: secret(() => formatCalendarDate(person.dateOfBirth, context.clock.dateFormat)) },
    { label: 'Gender', value: secret(() => lookupName(lookups.single.genderType, person.lookupGenderTypeId)) },
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
