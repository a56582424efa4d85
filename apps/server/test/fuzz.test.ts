import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRouteSpec } from '../src/plugins/route';
import { EXE, image, PDF } from './file-fixtures';
import { type CompanyRefs, companyRefs, incidentForm } from './fixtures/incident-fixtures';
import { submitIncident, uploadToIncident } from './incidents';
import { createTestContext, exampleRequest, type TestCompany, type TestContext } from './test-app';
import { insertDraft } from './uploads';

/**
 * Malformed requests to every operation of the OpenAPI document, as a signed-in administrator
 * (and some as nobody or as staff): wrong types, missing and unknown fields, odd and huge strings,
 * ids that are not UUIDs or are another company's, broken JSON, broken multipart, wrong content
 * types, odd query strings. Any 5xx fails the test, naming the request (with what the log says),
 * and so does a refusal that is not `{ code, message }` of the one error handler. The seed is fixed, so a
 * run sends the same requests each time (only the ids of the rows made here differ).
 */
const SEED = 9_2026;
/** Requests per operation; about 60 operations, so a few thousand in all. */
const RUNS_PER_OPERATION = 50;

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refsA: CompanyRefs;
let headers: { admin: Record<string, string>; staff: Record<string, string> };
/** Ids of rows of company A (own) and company B (another company's). */
let own: Record<string, string>;
let foreign: string[];
let ownIds: string[];
let png: Buffer;
let jpeg: Buffer;
/** Error log lines (level ≥ 50) since the last request, to name the cause of a 5xx. */
const errorLines: string[] = [];

interface Operation {
  method: string;
  /** '/api/incidents/{id}' as the document writes it. */
  path: string;
  route: AnyRouteSpec;
  pathParams: string[];
  queryParams: string[];
  multipart: boolean;
  jsonBody: boolean;
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every UUID inside a JSON value. */
function uuidsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string' && UUID_TEXT.test(value)) into.add(value);
  else if (Array.isArray(value)) for (const item of value) uuidsIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) uuidsIn(item, into);
  return into;
}

async function seedCompany(company: TestCompany, h: Record<string, string>) {
  const refs = await companyRefs(t.database, company.accountId);
  const incident = await submitIncident(t, h, refs, { persons: 2, companies: 1, vehicles: 1, items: 1 });
  const attachment = await uploadToIncident(t, h, incident.id);
  const draft = await insertDraft(t, company.admin);
  const parts = await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}/parts`, headers: h });
  const history = await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}/history`, headers: h });
  const address = await t.inject({
    method: 'POST',
    url: '/api/lookupAddresses',
    headers: h,
    payload: { lookupLocationId: refs.location, address: '1 Main Street', countryCode: 'CA' },
  });
  const saved = async (url: string) => {
    const response = await t.inject({
      method: 'POST',
      url,
      headers: h,
      payload: { name: 'Open incidents', criteria: { status: { values: [{ id: 's1', status: 1 }] } } },
    });
    return response.statusCode === 200 ? response.json<{ id: string }>().id : randomUUID();
  };
  const savedSearch = await saved('/api/incidents/search/custom');
  const searchReport = await saved('/api/reports/custom');
  const ids = uuidsIn([parts.json(), history.json(), address.statusCode === 200 ? address.json() : null]);
  for (const id of [incident.id, attachment.id, draft, savedSearch, searchReport]) ids.add(id);
  const historyId = uuidsIn(history.json()).values().next().value;
  return {
    refs,
    ids: [...ids],
    named: {
      incident: incident.id,
      attachment: attachment.id,
      draft,
      person: incident.fields.persons[0]?.id ?? randomUUID(),
      history: historyId ?? randomUUID(),
      address: address.statusCode === 200 ? (address.json<{ id: string }>().id ?? randomUUID()) : randomUUID(),
      savedSearch,
      searchReport,
    },
  };
}

beforeAll(async () => {
  t = await createTestContext({
    config: { logLevel: 'error' },
    logStream: {
      write: (line) => {
        errorLines.push(line);
      },
    },
  });
  a = await t.createCompany({ name: 'Fuzz A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Fuzz B' });
  headers = { admin: await t.signIn(a.admin), staff: await t.signIn(a.staff) };
  const seededA = await seedCompany(a, headers.admin);
  const seededB = await seedCompany(b, await t.signIn(b.admin));
  refsA = seededA.refs;
  own = seededA.named;
  ownIds = seededA.ids;
  foreign = seededB.ids;
  png = await image('png', 32, 32);
  jpeg = await image('jpeg', 32, 32);
}, 120_000);
afterAll(() => t.close());

/** The operations of GET /api/openapi.json, reads first and deletions last (they remove the rows used). */
async function operations(): Promise<Operation[]> {
  const response = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = response.json<{
    paths: Record<
      string,
      Record<string, { parameters: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> } }>
    >;
  }>();
  const order = ['get', 'put', 'post', 'delete'];
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const url = path.replace(/^\/api/, '').replace(/\{([A-Za-z]+)\}/g, ':$1');
      const route = t.app.routeSpecs.find((r) => r.url === url && r.method === method.toUpperCase());
      if (!route) throw new Error(`No route for ${method} ${path}`);
      list.push({
        method: method.toUpperCase(),
        path,
        route,
        pathParams: op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: op.parameters.filter((p) => p.in === 'query').map((p) => p.name),
        multipart: Boolean(op.requestBody?.content['multipart/form-data']),
        jsonBody: Boolean(op.requestBody?.content['application/json']),
      });
    }
  }
  return list.sort((x, y) => order.indexOf(x.method.toLowerCase()) - order.indexOf(y.method.toLowerCase()));
}

/** The row a path parameter most likely names, so that many requests get past the 404. */
function ownIdFor(op: Operation): string {
  const p = op.path;
  if (p.includes('draftIncidents')) return own.draft ?? randomUUID();
  if (p.includes('attachments/')) return own.attachment ?? randomUUID();
  if (p.includes('picture')) return own.person ?? randomUUID();
  if (p.includes('historyItem')) return own.history ?? randomUUID();
  if (p.includes('lookupAddresses')) return own.address ?? randomUUID();
  if (p.includes('search/custom')) return own.savedSearch ?? randomUUID();
  if (p.includes('reports/custom')) return own.searchReport ?? randomUUID();
  return own.incident ?? randomUUID();
}

/** A valid body to start from: the richest the operation takes. */
function baseBody(op: Operation): unknown {
  const key = `${op.method} ${op.route.url}`;
  const form = () => incidentForm(refsA, { persons: 1, companies: 1, vehicles: 1, items: 1, correctiveActions: 1 });
  if (key === 'POST /incidents') return form();
  if (key === 'PUT /incidents') return { ...form(), id: own.incident };
  if (key === 'PUT /draftIncidents') return { id: own.draft, data: form() };
  const saveSearch = { name: 'Closed', description: 'd', criteria: { status: { values: [{ id: 's', status: 2 }] } } };
  if (key === 'PUT /incidents/search/custom') return { ...saveSearch, id: own.savedSearch };
  if (key === 'PUT /reports/custom') return { ...saveSearch, id: own.searchReport };
  if (key === 'POST /incidents/close/:id')
    return { closedBy: 'OTHER', closeFirstName: 'Ann', closeLastName: 'Lee', closeEmail: 'ann@example.com' };
  if (key === 'POST /persons/duplicationCheck') return { firstName: 'Ann', middleName: 'B', lastName: 'Lee' };
  try {
    const example = exampleRequest(op.route) as { payload?: unknown };
    return example.payload instanceof FormData ? {} : (example.payload ?? {});
  } catch {
    return {}; // a route with a required query (e.g. the email link) has no example body
  }
}

const MB_STRING = 'a'.repeat(1024 * 1024);
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\u202eevil.exe\u202dtxt',
  'مرحبا بالعالم',
  'שלום',
  '👮‍♀️🚓🏳️‍🌈',
  '\u200b\u200d\ufeff',
  'Ω≈ç√∫˜µ≤≥÷',
  "'; drop table persons; --",
  '%00%ff%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\r\n\t',
  'NaN',
  '-0',
  '1e999',
  'a'.repeat(101),
  'a'.repeat(256),
  'a'.repeat(5001),
  MB_STRING,
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2024-02-30T00:00:00Z',
  '1900-01-01',
  '2024-03-01',
  'not a date',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
  '{12345678-1234-4234-8234-123456789012}',
  '12345678-1234-4234-8234-12345678901',
  '123',
  'USER',
  'OTHER',
  'IMAGE',
  'true',
  '__proto__',
  'constructor',
];

/** Text a user could type or paste: other scripts, emoji, marks, markup, the longest allowed. */
const TYPED_TEXT = [
  'مرحبا بالعالم',
  '\u202eevil\u202c',
  'שלום עולם',
  '👮‍♀️🚓🏳️‍🌈👨‍👩‍👧‍👦',
  'Zalgo z̷̛̖a̴̩͝l̸̰̈g̶̱̾o̵̯͐',
  '日本語のテキスト',
  'ok\u200b\u200d\ufeff',
  '<p><b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
  `<p>${'𝕏'.repeat(40)}</p>`,
  'line\r\nbreak\ttab',
  'a'.repeat(20),
  'é'.repeat(100),
  '%s%n%x',
  '\\',
];

/** Text PostgreSQL cannot store, alone or inside ordinary text. */
const UNSTORABLE = ['\u0000', 'Smith\u0000son', '\ud800', 'Ann \udc00', 'x\ud83d', '\udfff\ud800', '\u0000\ud800'];

const oddString = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE) },
    { weight: 5, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  );

/** Ids of every kind: own rows (of any type), another company's, random, not UUIDs at all. */
const oddId = () =>
  fc.oneof(
    fc.constantFrom(...ownIds),
    fc.constantFrom(...foreign),
    fc.uuid(),
    fc.constantFrom('not-a-uuid', '1', '0', '-1', '00000000-0000-0000-0000-000000000000', 'ffffffff'),
  );

const oddValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: oddString() },
    { weight: 3, arbitrary: oddId() },
    {
      weight: 3,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        1.5,
        2 ** 31,
        -(2 ** 31) - 1,
        2 ** 53 + 2,
        1e308,
        -1e308,
        [],
        {},
        [[]],
        [null],
        { a: 1 },
        { __proto__: { admin: true } },
      ),
    },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true }) },
    { weight: 1, arbitrary: fc.array(fc.oneof(oddString(), fc.integer(), fc.constant(null)), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), oddString(), { maxKeys: 4 }) },
  );

/** Every path into a JSON value: ['persons', 0, 'firstName'], …, and [] for the whole. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], into: (string | number)[][] = []) {
  into.push(prefix);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) pathsOf(item, [...prefix, i], into);
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], into);
  return into;
}

type Mutation = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown };

/** base with the value at path replaced, deleted, or given an unknown field. */
function mutate(base: unknown, path: (string | number)[], mutation: Mutation): unknown {
  if (path.length === 0) {
    if (mutation.kind === 'set') return mutation.value;
    if (mutation.kind === 'add' && base && typeof base === 'object' && !Array.isArray(base))
      return { ...base, [mutation.key]: mutation.value };
    return mutation.kind === 'delete' ? {} : base;
  }
  if (!base || typeof base !== 'object') return base; // replaced whole by an earlier change
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) {
    const next = node[step];
    if (!next || typeof next !== 'object') return copy; // removed by an earlier change
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (mutation.kind === 'set') node[last] = mutation.value;
  else if (mutation.kind === 'delete') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else if (node[last] && typeof node[last] === 'object' && !Array.isArray(node[last]))
    (node[last] as Record<string, unknown>)[mutation.key] = mutation.value;
  return copy;
}

const mutationArb = (): fc.Arbitrary<Mutation> =>
  fc.oneof(
    { weight: 6, arbitrary: oddValue().map((value) => ({ kind: 'set' as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'accountId'), oddValue())
        .map(([key, value]) => ({ kind: 'add' as const, key, value })),
    },
  );

/** Raw bodies that are not what they claim. */
const RAW_BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: '{"a":"\\ud800"}' },
  { contentType: 'application/json', payload: '{"a":"\\u0000"}' },
  { contentType: 'application/json', payload: '{"a":1,"a":2}' },
  { contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json', payload: `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}` },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/json; charset=latin1', payload: '{"a":"é"}' },
  { contentType: 'application/json', payload: '\xff\xfe{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00&c=%E0%A4%A' },
  { contentType: 'multipart/form-data', payload: 'x' },
  {
    contentType: 'multipart/form-data; boundary=B',
    payload: '--B\r\ncontent-disposition: form-data; name="a"\r\n\r\n1',
  },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
  { contentType: '', payload: '{}' },
  { contentType: 'garbage', payload: '{}' },
  { contentType: 'application/json', payload: `{"a":"${MB_STRING}"}` },
];

/** A multipart body from parts; `cut` drops the closing boundary and the end of the last part. */
function multipartBody(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string; rawDisposition?: string }[],
  boundary: string,
  cut = false,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.rawDisposition ??
      `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: ${disposition}\r\n${part.type ? `content-type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  if (!cut) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return cut ? body.subarray(0, Math.max(1, body.length - 7)) : body;
}

const FILES = () => [
  { data: PDF, name: 'report.pdf', type: 'application/pdf' },
  { data: png, name: 'photo.png', type: 'image/png' },
  { data: jpeg, name: 'photo.jpg', type: 'image/jpeg' },
  { data: EXE, name: 'setup.exe', type: 'application/octet-stream' },
  { data: Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]), name: 'broken.png', type: 'image/png' },
  { data: Buffer.concat([jpeg.subarray(0, 30), Buffer.alloc(100, 1)]), name: 'broken.jpg', type: 'image/jpeg' },
  { data: Buffer.from('GIF89a\u0001\u0000\u0001\u0000'), name: 'tiny.gif', type: 'image/gif' },
  { data: Buffer.from('%PDF-1.7\n'), name: 'stub.pdf', type: 'application/pdf' },
  { data: Buffer.alloc(0), name: 'empty.txt', type: 'text/plain' },
  { data: Buffer.from('plain text'), name: '', type: 'text/plain' },
  { data: Buffer.from('plain text'), name: '\u202etxt.exe', type: 'text/plain' },
  { data: Buffer.from('plain text'), name: `${'n'.repeat(300)}.txt`, type: 'text/plain' },
  { data: Buffer.from('plain text'), name: 'a\u0000b.txt', type: 'text/plain' },
  { data: Buffer.from('plain text'), name: '../../../etc/passwd', type: 'text/plain' },
  { data: Buffer.from('plain text'), name: '👮.txt', type: 'text/plain' },
];

/** A multipart request: the route's own fields with one odd, an odd file, or a broken frame. */
const multipartArb = () =>
  fc
    .record({
      field: fc.constantFrom('incidentId', 'name', 'comments', 'incidentItemId', 'incidentVehicleId', 'file', 'x'),
      value: fc.oneof(oddString(), oddId()),
      file: fc.integer({ min: 0, max: FILES().length - 1 }),
      frame: fc.constantFrom(
        'ok',
        'ok',
        'ok',
        'cut',
        'no-boundary',
        'wrong-boundary',
        'no-filename',
        'two-files',
        'many-fields',
        'long-field',
        'binary-header',
        'mixed',
      ),
      target: fc.oneof(fc.constant(own.draft), fc.constant(own.incident), oddId()),
      changeField: fc.boolean(),
    })
    .map(({ field, value, file, frame, target, changeField }) => {
      const chosen = FILES()[file] as { data: Buffer; name: string; type: string };
      const fields: Record<string, string> = { incidentId: target ?? '', name: 'Attachment 1' };
      if (changeField) fields[field] = typeof value === 'string' ? value.slice(0, 70_000) : String(value);
      const boundary = '----fuzz7MA4YWxkTrZu0gW';
      const parts: Parameters<typeof multipartBody>[0] = Object.entries(fields).map(([name, v]) => ({
        name,
        value: v,
      }));
      const filePart = { name: 'file', value: chosen.data, filename: chosen.name, type: chosen.type };
      if (frame === 'no-filename') parts.push({ ...filePart, filename: undefined, type: 'application/octet-stream' });
      else parts.push(filePart);
      if (frame === 'two-files') parts.push({ ...filePart, name: 'file2' });
      if (frame === 'many-fields') for (let i = 0; i < 20; i++) parts.unshift({ name: `f${i}`, value: 'x' });
      if (frame === 'long-field') parts.unshift({ name: 'comments', value: 'c'.repeat(70_000) });
      if (frame === 'binary-header')
        parts.unshift({ name: 'x', value: 'y', rawDisposition: 'form-data; name="\u00ff\u0000"' });
      let contentType = `multipart/form-data; boundary=${boundary}`;
      if (frame === 'no-boundary') contentType = 'multipart/form-data';
      if (frame === 'wrong-boundary') contentType = 'multipart/form-data; boundary=other';
      if (frame === 'mixed') contentType = `multipart/mixed; boundary=${boundary}`;
      return {
        contentType,
        payload: multipartBody(parts, boundary, frame === 'cut'),
        describe: `multipart ${frame}, incidentId=${fields.incidentId}${changeField ? `, ${field}=${JSON.stringify(fields[field]).slice(0, 60)}` : ''}, file ${JSON.stringify(chosen.name).slice(0, 40)}`,
      };
    });

/** encodeURIComponent, with unpaired surrogates sent as the bytes a client could send (CESU-8). */
const encode = (value: string) =>
  value
    .split(/([\ud800-\udfff])/)
    .map((piece) => {
      try {
        return encodeURIComponent(piece);
      } catch {
        const code = piece.charCodeAt(0);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
    })
    .join('');

type Who = 'admin' | 'staff' | 'nobody' | 'garbage';

interface FuzzRequest {
  who: Who;
  options: InjectOptions;
  describe: string;
}

/** The arbitrary of malformed requests of one operation. */
function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const base = baseBody(op);
  const paths = pathsOf(base);
  const who = fc.constantFrom<Who>(...(Array(16).fill('admin') as Who[]), 'staff', 'staff', 'nobody', 'garbage');
  const pathValue = fc.oneof(
    { weight: 5, arbitrary: fc.constant(ownIdFor(op)) },
    { weight: 3, arbitrary: oddId() },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%E0%A4%A', 'a'.repeat(200), '..%2F..%2F', '%20', 'null'),
    },
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...op.queryParams, 'name', 'page', 'size', 'x'), oddString())
        .map(([name, value]) => `${encode(name)}=${encode(value.slice(0, 5000))}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'name=a&name=b',
        'name[]=a',
        'name[x]=1',
        'page=-1&size=1000000',
        'page=1e400',
        'name=%00',
        'name=%ED%A0%80',
        'name=%E0%A4%A',
        '%=%',
        'name',
        '&&&',
        'page=1.5&size=abc',
        `name=${'%41'.repeat(4000)}`,
      ),
    },
  );
  const jsonBody = fc
    .array(fc.tuple(fc.constantFrom(...paths), mutationArb()), { minLength: 1, maxLength: 3 })
    .map((changes) => ({
      payload: changes.reduce<unknown>((body, [path, mutation]) => mutate(body, path, mutation), base),
      changed: changes
        .map(([path, mutation]) => {
          const where = path.join('.') || '(body)';
          if (mutation.kind === 'delete') return `${where} removed`;
          const value = JSON.stringify(mutation.value) ?? String(mutation.value);
          const what = value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value;
          return mutation.kind === 'add' ? `${where}.${mutation.key} = ${what}` : `${where} = ${what}`;
        })
        .join('; '),
    }));
  // Fields keep their place and get an odd value of their own kind: text a user could type or
  // paste, dates at the ends of the calendar, numbers beyond the columns, ids of other rows.
  const valueAt = (path: (string | number)[]) =>
    path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)?.[step], base);
  const kindOf = (value: unknown) => {
    if (typeof value === 'number') return 'number';
    if (typeof value !== 'string') return undefined;
    if (UUID_TEXT.test(value)) return 'id';
    if (/^\d{4}-\d\d-\d\d$/.test(value)) return 'date';
    if (/^\d{4}-\d\d-\d\dT/.test(value)) return 'datetime';
    return /^[A-Z_]+$/.test(value) ? undefined : 'text';
  };
  const leaves = paths.flatMap((path) => {
    const kind = kindOf(valueAt(path));
    return kind ? [{ path, kind }] : [];
  });
  const ODD_DATES = [
    '0000-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00+14:00',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '2024-02-30T10:00:00.000Z',
    '2024-03-01T25:61:00.000Z',
    '2024-03-01',
    '2024-03-01T10:00:00+14:00',
    '1970-01-01T00:00:00.000Z',
  ];
  const ODD_NUMBERS = [-1, 0, 1.5, 2 ** 15, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 123456789012];
  const typedValue = (kind: string): fc.Arbitrary<unknown> => {
    if (kind === 'text') return fc.oneof(fc.constantFrom(...UNSTORABLE), fc.constantFrom(...TYPED_TEXT));
    if (kind === 'datetime') return fc.constantFrom(...ODD_DATES);
    if (kind === 'date') return fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '2023-02-29', '2024-13-01');
    if (kind === 'number') return fc.constantFrom(...ODD_NUMBERS);
    return oddId();
  };
  const leafChange = leaves.length
    ? fc.constantFrom(...leaves).chain(({ path, kind }) => typedValue(kind).map((value) => ({ path, value })))
    : fc.constant({ path: [] as (string | number)[], value: {} as unknown });
  // Or one odd value in every field of its kind (every date, every number...).
  const kinds = [...new Set(leaves.map((leaf) => leaf.kind))];
  const sameEverywhere = kinds.length
    ? fc
        .constantFrom(...kinds)
        .chain((kind) => typedValue(kind).map((value) => ({ kind, value })))
        .map(({ kind, value }) => leaves.filter((leaf) => leaf.kind === kind).map(({ path }) => ({ path, value })))
    : fc.constant([]);
  const typedBody = fc.oneof(fc.array(leafChange, { minLength: 1, maxLength: 4 }), sameEverywhere).map((changes) => ({
    payload: changes.reduce<unknown>((body, { path, value }) => mutate(body, path, { kind: 'set', value }), base),
    changed: changes.map(({ path, value }) => `${path.join('.')} = ${JSON.stringify(value).slice(0, 60)}`).join('; '),
  }));
  const body = fc.oneof(
    { weight: op.jsonBody ? 8 : 1, arbitrary: jsonBody.map((v) => ({ kind: 'json' as const, ...v })) },
    {
      weight: op.jsonBody && leaves.length ? 8 : 0,
      arbitrary: typedBody.map((v) => ({ kind: 'json' as const, ...v })),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ kind: 'raw' as const, ...raw })) },
    {
      weight: op.multipart ? 10 : 1,
      arbitrary: multipartArb().map((m) => ({ kind: 'multipart' as const, ...m })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
  return fc
    .record({
      who,
      params: fc.array(pathValue, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
      query,
      body,
    })
    .map(({ who, params, query, body }) => {
      let url = op.path;
      op.pathParams.forEach((name, i) => {
        const value = params[i] ?? '';
        url = url.replace(`{${name}}`, value.includes('%') ? value : encode(value));
      });
      if (query) url += `?${query}`;
      const options: InjectOptions & { headers: Record<string, string> } = {
        method: op.method as 'GET',
        url,
        headers: {},
      };
      let describe = `${op.method} ${url.slice(0, 200)} as ${who}`;
      if ((op.method !== 'GET' && op.method !== 'DELETE') || body.kind !== 'json') {
        if (body.kind === 'json') {
          options.payload = JSON.stringify(body.payload);
          options.headers['content-type'] = 'application/json';
          describe += `, JSON body (valid one with ${body.changed})`;
        } else if (body.kind === 'raw') {
          options.payload = body.payload;
          if (body.contentType) options.headers['content-type'] = body.contentType;
          describe += `, ${body.contentType || 'no content type'} body ${JSON.stringify(body.payload.slice(0, 80))}`;
        } else if (body.kind === 'multipart') {
          options.payload = body.payload;
          options.headers['content-type'] = body.contentType;
          describe += `, ${body.describe}`;
        }
      }
      return { who, options, describe };
    });
}

/** The pages a browser lands on (email links, the QuickBooks redirect): they refuse with a page. */
const BROWSER_PAGES = ['/siteAdmins/quickBooksCallback', '/users/resetPassword', '/users/verifyEmail'];

/** A refusal as the error handler answers it; the browser pages answer a page. */
function isApiError(response: { body: string; headers: Record<string, unknown> }, op: Operation): boolean {
  const html = String(response.headers['content-type']).startsWith('text/html');
  if (BROWSER_PAGES.includes(op.route.url) && html) return true;
  try {
    const body = JSON.parse(response.body) as Record<string, unknown>;
    return (
      Object.keys(body).sort().join() === 'code,message' &&
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      body.message.length > 0
    );
  } catch {
    return false;
  }
}

async function send(request: FuzzRequest) {
  const auth =
    request.who === 'admin'
      ? headers.admin
      : request.who === 'staff'
        ? headers.staff
        : request.who === 'garbage'
          ? { authorization: 'Bearer \u00ff.garbage' }
          : {};
  const options = request.options as InjectOptions & { headers: Record<string, string> };
  return t.inject({ ...options, headers: { ...options.headers, ...auth } });
}

describe('fuzz: malformed requests to every operation', () => {
  it('never answers 5xx', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(40);
    const failures: string[] = [];
    /** 4xx answers that are not { code, message } from the one error handler. */
    const misshapen: string[] = [];
    let count = 0;
    const statuses: Record<number, number> = {};
    // After the writes, the reads again (fewer): the odd text stored by the writes is read, printed, compared.
    const reads = ops.filter((op) => op.method === 'GET');
    const rounds = [
      // The incident form's operations (hundreds of fields) get three times as many.
      ...ops
        .filter((op) => op.method !== 'DELETE')
        .map((op) => ({ op, runs: RUNS_PER_OPERATION * (pathsOf(baseBody(op)).length > 50 ? 3 : 1) })),
      ...reads.map((op) => ({ op, runs: 10 })),
      ...ops.filter((op) => op.method === 'DELETE').map((op) => ({ op, runs: RUNS_PER_OPERATION })),
    ];
    for (const [index, { op, runs }] of rounds.entries()) {
      const requests = fc.sample(requestArb(op), { seed: SEED + index, numRuns: runs });
      for (const request of requests) {
        errorLines.length = 0;
        const response = await send(request);
        // Signing out ends the administrator's session: sign in again for the requests after it.
        if (op.route.url === '/users/sessions' && op.method === 'DELETE' && response.statusCode === 204)
          headers = { admin: await t.signIn(a.admin), staff: headers.staff };
        count += 1;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        if (process.env.FUZZ_TRACE)
          console.log(response.statusCode, request.describe.slice(0, 160), response.body.slice(0, 100));
        if (response.statusCode >= 500) {
          const logged = errorLines
            .map(
              (line) => JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } },
            )
            .map(
              (entry) =>
                `${entry.msg}: ${entry.err?.type} ${entry.err?.message} ${(entry.err?.stack ?? '').split('\n').slice(1, 4).join(' | ')}`,
            );
          failures.push(
            `${response.statusCode} ${request.describe}\n    → ${response.body.slice(0, 200)}\n    log: ${logged.join('; ')}`,
          );
        } else if (response.statusCode >= 400 && !isApiError(response, op)) {
          misshapen.push(`${response.statusCode} ${request.describe}\n    → ${response.body.slice(0, 200)}`);
        }
      }
    }
    console.log(
      `fuzz: ${count} requests to ${ops.length} operations, ${failures.length} answered 5xx, ${misshapen.length} refusals not { code, message }; by status ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 30), `${failures.length} of ${count} requests answered 5xx`).toEqual([]);
    expect(misshapen.slice(0, 30), `${misshapen.length} refusals are not { code, message }`).toEqual([]);
  }, 300_000);
});

describe('routes outside the OpenAPI document', () => {
  it('never answer 5xx to odd requests either', async () => {
    const key = `${a.accountId.replaceAll('-', '')}/pictures/a b.jpg`;
    const requests: {
      method: 'GET' | 'POST' | 'PATCH';
      url: string;
      headers?: Record<string, string>;
      payload?: string;
    }[] = [
      { method: 'GET', url: `/api/files/${key}?a=${a.accountId}&e=1&s=x` },
      { method: 'GET', url: '/api/files/%00?a=x&e=NaN&s=' },
      { method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd?a=1&e=1e999&s=1' },
      { method: 'GET', url: '/api/files/?a=%ED%A0%80' },
      { method: 'GET', url: '/api/openapi.json?x=%00' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'PATCH', url: '/api/incidents' },
      { method: 'GET', url: '/incidents/%E0%A4%A' },
      { method: 'GET', url: '/%00' },
      { method: 'GET', url: '/oidc/auth?client_id=%00&response_type=code' },
      { method: 'GET', url: '/oidc/interaction/unknown' },
      {
        method: 'POST',
        url: '/oidc/interaction/unknown/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%00b%40x.example&password=x',
      },
      {
        method: 'POST',
        url: '/oidc/interaction/unknown/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      {
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=%00',
      },
      { method: 'POST', url: '/oidc/token', headers: { 'content-type': 'application/json' }, payload: '{' },
      { method: 'GET', url: '/oidc/session/end?id_token_hint=%ED%A0%80' },
      { method: 'GET', url: '/oidc/jwks' },
    ];
    const failures: string[] = [];
    for (const request of requests) {
      for (const auth of [{}, headers.admin]) {
        const response = await t.inject({ ...request, headers: { ...(request.headers ?? {}), ...auth } });
        if (response.statusCode >= 500)
          failures.push(`${response.statusCode} ${request.method} ${request.url}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
