/**
 * What the logs say about an error. A failed query carries its SQL and parameters (drizzle's
 * DrizzleQueryError in its message, stack, `query` and `params`; pg's and PGlite's errors in
 * `detail`, `where` and sometimes the message, e.g. 'invalid input syntax for type uuid: "…"'),
 * and the parameters are people's names, addresses, phones and emails. So a database error is
 * logged by its SQLSTATE and the names of what it concerns (constraint, table, column), with the
 * stack frames only; other errors by type, message and stack. Request logs add the request id
 * (reqId) and the route.
 */

type LoggedError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  stack: string;
  cause?: LoggedError;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;
const NAME = /^[A-Za-z0-9_.]{1,128}$/;

type ErrorLike = Error & Record<string, unknown>;

const isError = (value: unknown): value is ErrorLike => value instanceof Error;

/** The database error in err's cause chain (the one with a SQLSTATE), if any. */
function databaseError(err: ErrorLike): ErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; isError(current) && depth < 8; depth++) {
    if (typeof current.code === 'string' && SQLSTATE.test(current.code)) return current;
    current = current.cause;
  }
  return undefined;
}

/** True when err or its causes carry a query (drizzle, PGlite) even without a SQLSTATE. */
function carriesQuery(err: ErrorLike): boolean {
  let current: unknown = err;
  for (let depth = 0; isError(current) && depth < 8; depth++) {
    if ('query' in current || 'params' in current || current.name === 'DrizzleQueryError') return true;
    current = current.cause;
  }
  return false;
}

/** The stack without its message lines: only the 'at …' frames. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

const nameOf = (value: unknown) => (typeof value === 'string' && NAME.test(value) ? value : undefined);

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!isError(err))
    return { type: typeof err, message: typeof err === 'string' ? err : 'non-error thrown', stack: '' };
  const type = err.constructor?.name || err.name || 'Error';
  const database = databaseError(err);
  if (database || carriesQuery(err)) {
    const code = nameOf(database?.code);
    const logged: LoggedError = {
      type,
      message: `database error${code ? ` ${code}` : ''} (values not logged)`,
      code,
      constraint: nameOf(database?.constraint),
      table: nameOf(database?.table),
      column: nameOf(database?.column),
      routine: nameOf(database?.routine),
      stack: framesOf(err.stack),
    };
    for (const key of Object.keys(logged) as (keyof LoggedError)[]) if (logged[key] === undefined) delete logged[key];
    return logged;
  }
  const logged: LoggedError = { type, message: err.message, stack: err.stack ?? '' };
  if (typeof err.code === 'string') logged.code = err.code;
  if (err.cause !== undefined && depth < 4) logged.cause = serializeError(err.cause, depth + 1);
  return logged;
}

/** pino serializers of the app's logger: `err` (and `error`) go through serializeError. */
export const logSerializers = {
  err: (err: unknown) => serializeError(err),
  error: (err: unknown) => serializeError(err),
};
