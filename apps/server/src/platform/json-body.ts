import type { FastifyInstance } from 'fastify';

/**
 * The web app says `Content-Type: application/json` on every request (product §5), including a
 * DELETE without a body, which Fastify's own parser refuses ("Body cannot be empty"). An empty
 * JSON body is no body; anything else is parsed as before, so bad JSON is still a 400.
 */
export function allowEmptyJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parse(req, text, done);
  });
}
