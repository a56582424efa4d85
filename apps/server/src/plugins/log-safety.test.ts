import { describe, expect, it } from 'vitest';
import { serializeError } from './log-safety';

/** As node-postgres builds them: the values are in the message, detail and where. */
function pgError() {
  return Object.assign(new Error('invalid input syntax for type uuid: "Jane Marker"'), {
    name: 'error',
    code: '22P02',
    detail: 'Key (email)=(jane@marker.example) already exists.',
    where: "unnamed portal parameter $1 = 'Jane Marker'",
    table: 'persons',
    column: 'email',
    routine: 'string_to_uuid',
  });
}

describe('serializeError', () => {
  it('logs a database error by SQLSTATE and names, without message, detail or parameters', () => {
    const wrapped = Object.assign(new Error('Failed query: select $1\nparams: Jane Marker', { cause: pgError() }), {
      query: 'select $1',
      params: ['Jane Marker'],
    });
    const logged = serializeError(wrapped);
    expect(JSON.stringify(logged)).not.toMatch(/marker/i);
    expect(logged).toMatchObject({ code: '22P02', table: 'persons', column: 'email', routine: 'string_to_uuid' });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('keeps the message, code, stack and cause of other errors', () => {
    const logged = serializeError(
      Object.assign(new TypeError('x is undefined', { cause: new Error('inner') }), { code: 'E1' }),
    );
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
      code: 'E1',
      cause: { message: 'inner' },
    });
  });
});
