/**
 * The MCP server of the developer API (issue 19) at /api/mcp, over the streamable HTTP
 * transport (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports), with
 * the official SDK's StreamableHTTPServerTransport.
 *
 *  - Stateless: every POST gets a new McpServer and transport (`sessionIdGenerator: undefined`),
 *    so any node of a deployment answers any request and nothing is kept between them. Answers
 *    are plain JSON (`enableJsonResponse`): no tool streams progress (get_task reports it).
 *  - GET (the server-to-client SSE stream) and DELETE (ending a session) answer 405: the spec
 *    lets a server without that stream or without sessions say so, and the SDK's client expects it.
 *  - Authentication: an API key in `Authorization: Bearer tsk_…` or `X-API-Key`, looked up per
 *    request (revocation holds at once on every node); cookies are never read here. A missing or
 *    bad key answers 401 in the §8 shape with `WWW-Authenticate: Bearer realm="tessera"`; every
 *    POST counts against the key's per-minute limit, as a /api/v1 request does (429 + Retry-After). The
 *    spec's authorization chapter (…/2025-06-18/basic/authorization) is OAuth-based and OPTIONAL;
 *    an API key is the bearer credential instead, so no protected-resource metadata is served.
 *  - DNS rebinding: the spec says servers MUST validate a present Origin header and answer 403
 *    when it is not allowed. Clients outside browsers send none; a browser page may drive the
 *    server only from one of the studio's trusted origins. The general Origin check
 *    (plugins/originCheck.ts) is off for this route because a cookie-less POST without Origin is
 *    exactly what MCP clients send, and the key, not a cookie, is the credential.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { httpErrorBody } from '@tessera/shared/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../../plugins/errorLanguage.ts';
import type { AppServices } from '../../../services.ts';
import { apiErrorAnswer } from '../errors.ts';
import type { ApiCaller } from '../keys.service.ts';
import { ApiRateLimited, authenticateApiRequest, enforceApiRate, rateHeaders } from '../rateLimit.ts';
import { createMcpServer } from './tools.ts';

const MCP_PATH = '/api/mcp';

/** A present Origin must be trusted (the spec's DNS-rebinding rule); none is fine. */
function originTrusted(request: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || (origin !== 'null' && trustedOrigins.includes(origin));
}

/**
 * The caller, counted against its key's per-minute limit (rateLimit.ts, shared by every node and
 * by /api/v1); or null once a refusal is answered: 401 with `WWW-Authenticate` for a bad key,
 * 429 with `Retry-After` over the limit (or for an address that failed too often).
 */
async function admit(services: AppServices, request: FastifyRequest, reply: FastifyReply): Promise<ApiCaller | null> {
  try {
    const caller = await authenticateApiRequest(services, request.headers, request.ip);
    const state = await enforceApiRate(services, caller);
    // On the raw response: the SDK writes the answer there, past Fastify's reply.
    for (const [name, value] of Object.entries(rateHeaders(state, null))) reply.raw.setHeader(name, value);
    return caller;
  } catch (error) {
    const answer = apiErrorAnswer(error, MCP_PATH);
    if (!answer) throw error;
    if (answer.status === 401) reply.header('www-authenticate', 'Bearer realm="tessera"');
    if (error instanceof ApiRateLimited) reply.headers(rateHeaders(error.state, error.retryAfterS));
    await reply.status(answer.status).headers(answer.headers ?? {}).send(answer.body);
    return null;
  }
}

async function handlePost(services: AppServices, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const caller = await admit(services, request, reply);
  if (!caller) return;
  const server = createMcpServer({ services, caller, lang: requestLanguage(request), log: request.log });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  // From here the SDK writes the answer on the raw response (its JSON-RPC errors included).
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (err) {
    request.log.error({ err, key: caller.keyPrefix }, 'mcp request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
    }
  }
}

export const mcpRoutes: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  // Before authentication and before the body is read: a foreign page learns nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (!originTrusted(request, services.config.trustedOrigins)) return reply.status(403).send(httpErrorBody('MISSING_ORIGIN', MCP_PATH));
  });
  app.post(MCP_PATH, { config: { originCheck: false } }, (request, reply) => handlePost(services, request, reply));
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    config: { originCheck: false },
    handler: async (_request, reply) => reply.status(405).header('allow', 'POST').send(httpErrorBody('METHOD_NOT_SUPPORTED', MCP_PATH)),
  });
};
