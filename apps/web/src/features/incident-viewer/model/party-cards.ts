import {
  COMPANY_RELATION_FLAGS,
  displayName,
  flagsText,
  formatCalendarDate,
  lookupName,
  measurementLabels,
  PERSON_RELATION_FLAGS,
  PERSON_STATUS_FLAGS,
  personName,
  yesNo,
} from '@blotter/shared/presentation';
import type { LegalEntity } from '@blotter/shared/schemas/incident-parts';
import { addressText } from './format-values';
import { field, privateField } from './section-fields';
import type { ViewPerson } from './view-data';
import type { ViewCard, ViewContext, ViewField } from './view-sections';

/** The person and legal-entity panels (spec 1 §2 Incident viewer). */

export function personCard(person: ViewPerson, ctx: ViewContext, canUnlock: boolean): ViewCard {
  const k = (name: string) => `persons.${person.id}.${name}`;
  const units = measurementLabels(ctx.measurementType);
  const fields: ViewField[] = [
    field(k('firstName'), 'First name', person.firstName),
    field(k('middleName'), 'Middle initial', person.middleName),
    field(k('lastName'), 'Last name', person.lastName),
    field(k('alias'), 'Alias', person.alias),
    field(k('status'), 'Person status', flagsText(person, PERSON_STATUS_FLAGS)),
    field(k('relation'), 'Relation', flagsText(person, PERSON_RELATION_FLAGS)),
    field(
      k('type'),
      'Type',
      person.isEmployee ? 'Employee' : lookupName(ctx.singleLookups.personType, person.lookupPersonTypeId),
    ),
  ];
  if (person.isEmployee) {
    fields.push(
      field(k('department'), 'Department', lookupName(ctx.singleLookups.department, person.lookupDepartmentId)),
      field(k('position'), 'Position', person.position),
    );
  }
  fields.push(
    privateField(k('dateOfBirth'), 'Date of birth', formatCalendarDate(person.dateOfBirth, ctx.dateFormat)),
    privateField(k('gender'), 'Gender', lookupName(ctx.singleLookups.genderType, person.lookupGenderTypeId)),
  );
  if (!person.isEmployee) {
    fields.push(privateField(k('address'), 'Location', addressText(person, ctx.countries)));
  }
  fields.push(
    privateField(k('phone'), 'Phone', person.phone),
    privateField(k('mobilePhone'), 'Mobile phone', person.mobilePhone),
    privateField(k('email'), 'Email', person.email),
    field(k('charHeight'), units.height, person.charHeight),
    field(k('charWeight'), units.weight, person.charWeight),
    field(k('charHairColor'), 'Hair colour', person.charHairColor),
    field(k('charHairLength'), 'Hair length', person.charHairLength),
    field(k('charHairType'), 'Hair type', person.charHairType),
    field(k('charFacialHair'), 'Facial hair', person.charFacialHair),
    field(k('charEyeGlasses'), 'Eye glasses', person.charEyeGlasses),
    field(k('charOther'), 'Distinguishing features', person.charOther),
    field(k('comments'), 'Comments', person.comments),
  );
  let privacy: ViewCard['privacy'] = 'masked';
  if (person.privateHidden || !canUnlock) privacy = 'hidden';
  return {
    key: `persons.${person.id}`,
    title: personName(person),
    chips: person.isEmployee ? ['Employee'] : [],
    fields,
    privacy,
    picture: { key: person.personPicture, url: person.personPictureSasKey ?? null },
    files: [],
  };
}

export function companyCard(company: LegalEntity, ctx: ViewContext): ViewCard {
  const k = (name: string) => `companies.${company.id}.${name}`;
  const fields: ViewField[] = [
    field(k('relation'), 'Relation', flagsText(company, COMPANY_RELATION_FLAGS)),
    field(k('isOwner'), 'Is owner', yesNo(company.isOwner)),
    field(k('name'), 'Name', displayName(company.name)),
  ];
  // The owner is the account's own company: its details are the company's, not the incident's.
  if (!company.isOwner) {
    fields.push(
      field(k('address'), 'Location', addressText(company, ctx.countries)),
      field(k('contact'), 'Contact', company.contact),
      field(k('phone'), 'Phone', company.phone),
      field(k('mobilePhone'), 'Mobile phone', company.mobilePhone),
      field(k('email'), 'Email', company.email),
    );
  }
  fields.push(field(k('comments'), 'Comments', company.comments));
  return {
    key: `companies.${company.id}`,
    title: displayName(company.name),
    chips: company.isOwner ? ['Owner'] : [],
    fields,
    privacy: 'none',
    files: [],
  };
}
