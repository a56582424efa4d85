import { formatAddress } from '@blotter/shared/presentation';
import type { SubjectDetail } from '@blotter/shared/schemas/subjects';

/** A labelled line of a subject's identity card. */
export interface IdentityField {
  label: string;
  value: string;
}

const filled = (fields: IdentityField[]) => fields.filter((field) => field.value.trim() !== '');

/**
 * The identity's lines that have a value, as the server answered them: a person's private fields
 * come blank for a user without PRIVACY_INFO_VIEW and are left out, never filled in here.
 */
export function identityFields(
  subject: SubjectDetail,
  countryNameOf: (code: string) => string | undefined,
  formatDay: (day: string) => string,
): IdentityField[] {
  if (subject.person) {
    const person = subject.person;
    return filled([
      { label: 'Position', value: person.position },
      { label: 'Employee', value: person.isEmployee ? 'Yes' : '' },
      { label: 'Date of birth', value: person.dateOfBirth ? formatDay(person.dateOfBirth) : '' },
      { label: 'Address', value: formatAddress(person, countryNameOf) },
      { label: 'Phone', value: person.phone },
      { label: 'Mobile phone', value: person.mobilePhone },
      { label: 'Email', value: person.email },
      { label: 'Height', value: person.charHeight },
      { label: 'Weight', value: person.charWeight },
      {
        label: 'Hair',
        value: [person.charHairColor, person.charHairLength, person.charHairType].filter(Boolean).join(', '),
      },
      { label: 'Facial hair', value: person.charFacialHair },
      { label: 'Eye glasses', value: person.charEyeGlasses },
      { label: 'Distinguishing features', value: person.charOther },
      { label: 'Comments', value: person.comments },
    ]);
  }
  if (subject.legalEntity) {
    const entity = subject.legalEntity;
    return filled([
      { label: 'Contact', value: entity.contact },
      { label: 'Address', value: formatAddress(entity, countryNameOf) },
      { label: 'Phone', value: entity.phone },
      { label: 'Mobile phone', value: entity.mobilePhone },
      { label: 'Email', value: entity.email },
      { label: 'Comments', value: entity.comments },
    ]);
  }
  if (subject.vehicle) {
    const vehicle = subject.vehicle;
    return filled([
      { label: 'Plate', value: vehicle.licensePlate },
      { label: 'Province/State', value: vehicle.stateProvince },
      { label: 'Make', value: vehicle.maker },
      { label: 'Model', value: vehicle.model },
      { label: 'Colour', value: vehicle.color },
      { label: 'VIN', value: vehicle.vin },
    ]);
  }
  return [];
}
