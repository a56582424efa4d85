import { incidentDetailSchema, locationSchema } from '@blotter/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedSerializer, compileResponseSerializer } from './response-serializer';

const person = z.object({
  id: z.string().regex(/^[a-z]+$/),
  name: z.string().max(5),
  age: z.number().int().nullable(),
  address: z.object({ city: z.string() }).nullable(),
  tags: z.array(z.enum(['a', 'b'])),
  kind: z.discriminatedUnion('type', [
    z.object({ type: z.literal('one'), one: z.string() }),
    z.object({ type: z.literal('two'), two: z.number() }),
  ]),
  extra: z.record(z.string(), z.number()),
});

describe('compileResponseSerializer', () => {
  const serialize = compileResponseSerializer(person);

  it('writes only the fields of the schema, at every depth', () => {
    const value = {
      id: 'abc',
      name: 'Ann',
      age: null,
      address: { city: 'Oslo', secret: 'x' },
      tags: ['a'],
      kind: { type: 'two', two: 2, hidden: true },
      extra: { n: 1 },
      dateOfBirth: '1990-01-01',
    };
    expect(JSON.parse(serialize(value))).toEqual({
      id: 'abc',
      name: 'Ann',
      age: null,
      address: { city: 'Oslo' },
      tags: ['a'],
      kind: { type: 'two', two: 2 },
      extra: { n: 1 },
    });
  });

  it('writes null for a nullable object and picks the branch of a union by its literal', () => {
    const value = { id: 'x', name: 'B', age: 3, address: null, tags: [], kind: { type: 'one', one: 'y' }, extra: {} };
    expect(JSON.parse(serialize(value))).toEqual(value);
  });

  it('writes what zod parses to for real answers (defaults of the location filled in)', () => {
    const location = compileResponseSerializer(locationSchema);
    const parsed = locationSchema.parse({});
    expect(JSON.parse(location({}))).toEqual(JSON.parse(JSON.stringify(parsed)));
    expect(() => compileResponseSerializer(incidentDetailSchema)).not.toThrow();
  });
});

describe('checkedSerializer', () => {
  const checked = checkedSerializer(person, compileResponseSerializer(person), 'GET /people/:id');
  const good = {
    id: 'abc',
    name: 'Ann',
    age: 1,
    address: null,
    tags: ['b'],
    kind: { type: 'one', one: 'z' },
    extra: {},
  };

  it('passes an answer that fits', () => {
    expect(JSON.parse(checked(good))).toEqual(good);
  });

  it('refuses an answer that does not fit its schema, naming the route', () => {
    expect(() => checked({ ...good, age: 'old' })).toThrow(/GET \/people\/:id does not match its schema/);
    expect(() => checked({ ...good, name: 'far too long' })).toThrow(/does not match its schema/);
  });

  it('refuses an answer the serializer would write differently from zod', () => {
    const trimmed = z.object({ name: z.string().transform((v) => v.trim()) });
    const check = checkedSerializer(trimmed, compileResponseSerializer(trimmed), 'GET /x');
    expect(check({ name: 'same' })).toBe('{"name":"same"}');
    expect(() => check({ name: ' padded ' })).toThrow(/serialized unlike its schema/);
  });
});
