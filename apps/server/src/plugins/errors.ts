import { ERROR_CODES, type ErrorCode } from '@blotter/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';

/** The one error type of the server: answered as `{ code, message }` with its HTTP status. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: ErrorCode | (string & {}), message: string, status?: number) {
    super(message);
    this.code = code;
    this.status = status ?? ERROR_CODES[code as ErrorCode] ?? 500;
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission.') => new AppError('FORBIDDEN', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/** The first zod issue as a sentence, naming the field when the message does not. */
export function firstZodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  return issue.message;
}

/** 'PUT /api/draftIncidents': the route's pattern, never the URL with its query string. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

/**
 * The router's own refusals, which never reach the error handler: a URL that cannot be decoded
 * (FST_ERR_BAD_URL) or a path parameter over its length (FST_ERR_MAX_PARAM_LENGTH). Passed to
 * Fastify as `frameworkErrors`, so they are answered `{ code, message }` like every other error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(400).send({ code: 'BAD_REQUEST', message: 'The address is too long.' });
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send({ code: 'BAD_REQUEST', message: 'The address of the request is not valid.' });
  request.log.error({ err: error }, 'router error');
  return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error, route: routeOf(request) }, error.message);
      return reply.status(error.status).send({ code: error.code, message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ code: 'BAD_REQUEST', message: firstZodMessage(error) });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      });
    }
    if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({
        code: 'PAYLOAD_TOO_LARGE',
        message: request.routeOptions.config?.tooLargeMessage ?? 'The request is too large.',
      });
    }
    if (status === 415) {
      return reply.status(415).send({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported content type.',
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body with a JSON content type...).
      return reply.status(status).send({
        code: status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST',
        message: error.message,
      });
    }
    request.log.error({ err: error, route: routeOf(request) }, 'unhandled error');
    return reply.status(500).send({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
