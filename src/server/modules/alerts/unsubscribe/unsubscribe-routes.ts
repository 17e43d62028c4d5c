import { Type } from '@sinclair/typebox';
import { UnsubscribeAnswer, UnsubscribeBody } from '../../../../shared/schemas/alerts';
import { Envelope, ErrorBody, NoContent } from '../../../../shared/schemas/common';
import type { RoutePlugin } from '../../../http/route-context';
import { unsubscribePage } from '../delivery/alert-mail';
import { invalidUnsubscribe, unsubscribe, UNSUBSCRIBE_MESSAGES } from './unsubscribe';

/**
 * The page's `{ token }` (UnsubscribeBody), or a mail client's one-click body (RFC 8058:
 * `List-Unsubscribe=One-Click`, form-encoded, the token in the URL). One object rather than a union:
 * the validator drops the properties a union's first member does not know before trying the second.
 */
const UnsubscribeRequest = Type.Object(
  {
    token: Type.Optional(UnsubscribeBody.properties.token),
    'List-Unsubscribe': Type.Optional(
      Type.Literal('One-Click', { description: 'RFC 8058 one-click; the token is then in ?token=' }),
    ),
  },
  { additionalProperties: false },
);

const UnsubscribeQuery = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);

/** A one-click body is small; anything past this is not one. */
const FORM_BODY_LIMIT = 4096;

/**
 * POST /api/v1/alerts/unsubscribe (public, docs/investor-api.md): the unsubscribe page POSTs
 * `{ token }` as JSON; a mail client's one-click POSTs `List-Unsubscribe=One-Click` form-encoded to the
 * List-Unsubscribe address, whose `?token=` carries the token.
 */
export const unsubscribeRoutes: RoutePlugin = async (app, { ctx }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        querystring: UnsubscribeQuery,
        body: UnsubscribeRequest,
        response: { 200: Envelope(UnsubscribeAnswer), 404: ErrorBody },
      },
    },
    async (request) => {
      const token = request.body.token ?? request.query.token;
      if (!token?.trim()) throw invalidUnsubscribe(UNSUBSCRIBE_MESSAGES.missing);
      return { data: await unsubscribe(ctx.db, ctx.config.jwtSecret, token) };
    },
  );

  // A mail client without one-click opens the List-Unsubscribe address in a browser: a GET never
  // unsubscribes (RFC 8058: link scanners follow them), it shows the unsubscribe page.
  app.get(
    '/unsubscribe',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ token: UnsubscribeBody.properties.token }, { additionalProperties: false }),
        response: { 303: NoContent },
      },
    },
    async (request, reply) => reply.redirect(unsubscribePage(ctx.config.publicUrl, request.query.token), 303),
  );
};
