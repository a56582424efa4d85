import { legalEntitySchema, personSchema } from '@blotter/shared/schemas/incident-parts';
import { describe, expect, it } from 'vitest';
import {
  adoptCompany,
  adoptPerson,
  alreadyExistsMessage,
  companyDuplicationQuery,
  findCardOfParty,
  personDuplicationQuery,
  propertyOwnerOptions,
} from './party-rules';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const REGISTER = '33333333-3333-4333-8333-333333333333';

describe('already on the incident', () => {
  const cards = [
    { id: ID_A, personId: REGISTER },
    { id: ID_B, personId: null },
  ];
  it('finds the card that carries the register id', () => {
    expect(findCardOfParty(cards, REGISTER)?.id).toBe(ID_A);
    expect(findCardOfParty(cards, ID_B)).toBeUndefined();
  });
  it("says '{name} already exists.'", () => {
    expect(alreadyExistsMessage('Ann Lee')).toBe('Ann Lee already exists.');
    expect(alreadyExistsMessage('')).toBe('Unknown already exists.');
  });
});

describe('personDuplicationQuery', () => {
  it('checks an unchecked new card with a first or last name', () => {
    expect(personDuplicationQuery({ firstName: ' Ann ', middleName: '', lastName: '' })).toEqual({
      firstName: 'Ann',
      middleName: '',
      lastName: '',
    });
    expect(personDuplicationQuery({ firstName: '', lastName: 'Lee' })?.lastName).toBe('Lee');
  });
  it('does not check without a first or last name', () => {
    expect(personDuplicationQuery({ firstName: '', middleName: 'M', lastName: ' ' })).toBeNull();
  });
  it('does not check a checked card or an existing record', () => {
    expect(personDuplicationQuery({ firstName: 'Ann', duplicationChecked: true })).toBeNull();
    expect(personDuplicationQuery({ firstName: 'Ann', personId: REGISTER })).toBeNull();
  });
});

describe('companyDuplicationQuery', () => {
  it('checks an unchecked named new company', () => {
    expect(companyDuplicationQuery({ name: ' Acme ' })).toEqual({ name: 'Acme' });
  });
  it('skips empty names, checked cards, existing records and the owner', () => {
    expect(companyDuplicationQuery({ name: '' })).toBeNull();
    expect(companyDuplicationQuery({ name: 'Acme', duplicationChecked: true })).toBeNull();
    expect(companyDuplicationQuery({ name: 'Acme', personId: REGISTER })).toBeNull();
    expect(companyDuplicationQuery({ name: 'Acme', isOwner: true })).toBeNull();
  });
});

describe('adoptPerson', () => {
  it('takes the register details but keeps the card id and incident flags', () => {
    const card = personSchema.parse({
      id: ID_A,
      firstName: 'An',
      relationWitness: true,
      statusInjury: true,
      comments: 'seen at door',
      charHeight: '170',
    });
    const adopted = personSchema.parse({
      id: ID_B,
      personId: REGISTER,
      firstName: 'Ann',
      lastName: 'Lee',
      duplicationChecked: true,
      charHeight: '',
      charHairColor: 'brown',
    });
    const next = adoptPerson(card, adopted);
    expect(next).toMatchObject({
      id: ID_A,
      personId: REGISTER,
      firstName: 'Ann',
      lastName: 'Lee',
      relationWitness: true,
      statusInjury: true,
      comments: 'seen at door',
      duplicationChecked: true,
      charHeight: '170',
      charHairColor: 'brown',
    });
  });
});

describe('adoptCompany', () => {
  it('keeps the card id and relations', () => {
    const card = legalEntitySchema.parse({ id: ID_A, name: 'Acm', relationVictim: true });
    const adopted = legalEntitySchema.parse({ id: ID_B, personId: REGISTER, name: 'Acme Ltd' });
    expect(adoptCompany(card, adopted)).toMatchObject({
      id: ID_A,
      personId: REGISTER,
      name: 'Acme Ltd',
      relationVictim: true,
      duplicationChecked: true,
    });
  });
});

describe('propertyOwnerOptions', () => {
  it('lists persons (type 0) then legal entities (type 1) by card id, Unknown without a name', () => {
    expect(
      propertyOwnerOptions(
        [
          { id: ID_A, firstName: 'Ann', lastName: 'Lee' },
          { id: ID_B, firstName: '' },
        ],
        [{ id: REGISTER, name: '' }],
      ),
    ).toEqual([
      { id: ID_A, name: 'Ann Lee', personType: 0 },
      { id: ID_B, name: 'Unknown', personType: 0 },
      { id: REGISTER, name: 'Unknown', personType: 1 },
    ]);
  });
});
