import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { reportOutage } from '../../db/outage.ts';
import { bearerToken } from '../../http/bearer.ts';
import { databaseFailure } from '../../http/database-errors.ts';
import type { AuditActor } from '../audit/record.ts';
import { parseEqualityFilter } from './filter.ts';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups.ts';
import {
  listResponse,
  pageOf,
  resourceTypes,
  SCIM_CONTENT_TYPE,
  ScimError,
  schemas,
  scimErrorBody,
  serviceProviderConfig,
  toScimError,
} from './protocol.ts';
import { connectionOfScimToken, SCIM_BASE_PATH } from './provisioning.ts';
import { attributesFromBody, patchedAttributes, patchOperations } from './user-attributes.ts';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.ts';

/** Largest SCIM request body: far more than a group of its most members (1,000 a request) takes. */
export const SCIM_BODY_LIMIT = 512 * 1024;
/** Requests a minute per client address (Okta and Entra send a few a second at most). */
export const SCIM_RATE_LIMIT = { max: 1200, timeWindow: '1 minute' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The SSO connection whose SCIM token the request carries. */
    scimConnectionId: number;
  }
}

type Params = { id: string };

const JSON_TYPES = new Set([SCIM_CONTENT_TYPE, 'application/json']);
type Query = Record<string, unknown>;

/** A change through SCIM in the audit trail: made with the connection's token, by no account; the IdP's address. */
const scimActor = (request: FastifyRequest): AuditActor => ({
  userId: null,
  userEmail: null,
  apiKeyId: null,
  ip: request.ip,
});

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
}

/**
 * SCIM 2.0 (RFC 7643, 7644) at /scim/v2, outside /api: identity providers (Okta, Entra ID) create, update and
 * deactivate the accounts of an SSO connection and push its groups, with the connection's bearer token. Answers
 * and errors are application/scim+json; a token sees only its own connection's users and groups.
 */
export async function scimServer(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const baseUrl = `${ctx.config.publicUrl}${SCIM_BASE_PATH}`;
  await app.register(
    async (scim) => {
      scim.addContentTypeParser(
        SCIM_CONTENT_TYPE,
        { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT },
        scim.getDefaultJsonParser('error', 'error'),
      );
      scim.decorateRequest('scimConnectionId', 0);
      scim.setErrorHandler((error: FastifyError, request, reply) => {
        if (error.statusCode === 401 || (error instanceof ScimError && error.status === 401))
          reply.header('www-authenticate', 'Bearer');
        const scimError = toScimError(error);
        if (scimError) return send(reply, scimError.status, scimError.body);
        const failure = databaseFailure(error);
        if (failure && failure.statusCode < 500)
          return send(
            reply,
            failure.statusCode,
            scimErrorBody(failure.statusCode, failure.message, 'invalidValue'),
          );
        const status = failure?.statusCode ?? error.statusCode ?? 500;
        if (status >= 500) {
          if (!failure) {
            console.error(error);
            request.log.error({ err: error }, 'SCIM request failed');
          } else reportOutage(ctx.db, error);
          return send(reply, status, scimErrorBody(status, 'The service is not available right now.'));
        }
        const scimType = status === 400 ? 'invalidSyntax' : undefined;
        return send(reply, status, scimErrorBody(status, error.message, scimType));
      });
      scim.addHook('onRequest', async (request: FastifyRequest) => {
        const token = bearerToken(request.headers.authorization);
        const connectionId = token ? await connectionOfScimToken(ctx, token) : null;
        if (connectionId === null)
          throw new ScimError(401, 'A valid SCIM bearer token of an enabled SSO connection is required.');
        request.scimConnectionId = connectionId;
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (request.method !== 'GET' && request.method !== 'DELETE' && !JSON_TYPES.has(type ?? ''))
          throw new ScimError(415, `Send the body as ${SCIM_CONTENT_TYPE}.`);
      });

      // Not in the OpenAPI document: SCIM is its own protocol, described by its discovery endpoints.
      const options = {
        bodyLimit: SCIM_BODY_LIMIT,
        config: { rateLimit: SCIM_RATE_LIMIT },
        schema: { hide: true },
      };
      const get = <P>(
        url: string,
        handler: (request: FastifyRequest<{ Params: P; Querystring: Query }>) => unknown,
      ) =>
        scim.get<{ Params: P; Querystring: Query }>(url, options, async (request, reply) =>
          send(reply, 200, await handler(request)),
        );

      get('/ServiceProviderConfig', () => serviceProviderConfig(baseUrl));
      get('/ResourceTypes', () => listResponse(resourceTypes(baseUrl), 2, 1));
      get<Params>('/ResourceTypes/:id', (request) => {
        const found = resourceTypes(baseUrl).find((type) => type.id === request.params.id);
        if (!found) throw new ScimError(404, 'No such resource type.');
        return found;
      });
      get('/Schemas', () => listResponse(schemas(baseUrl), 2, 1));
      get<Params>('/Schemas/:id', (request) => {
        const found = schemas(baseUrl).find((schema) => schema.id === request.params.id);
        if (!found) throw new ScimError(404, 'No such schema.');
        return found;
      });

      get('/Users', async (request) => {
        const filter = parseEqualityFilter(request.query.filter, ['userName', 'externalId'] as const);
        const page = pageOf(request.query);
        const found = await listUsers(ctx, baseUrl, request.scimConnectionId, filter, page);
        return listResponse(found.resources, found.total, page.startIndex);
      });
      get<Params>('/Users/:id', (request) =>
        getUser(ctx, baseUrl, request.scimConnectionId, request.params.id),
      );
      scim.post('/Users', options, async (request, reply) => {
        const created = await createUser(
          ctx,
          baseUrl,
          request.scimConnectionId,
          attributesFromBody(request.body),
          scimActor(request),
        );
        reply.header('location', created.meta.location);
        return send(reply, 201, created);
      });
      scim.put<{ Params: Params }>('/Users/:id', options, async (request, reply) =>
        send(
          reply,
          200,
          await updateUser(
            ctx,
            baseUrl,
            request.scimConnectionId,
            request.params.id,
            (current) => attributesFromBody(request.body, current),
            scimActor(request),
          ),
        ),
      );
      scim.patch<{ Params: Params }>('/Users/:id', options, async (request, reply) => {
        const operations = patchOperations(request.body);
        return send(
          reply,
          200,
          await updateUser(
            ctx,
            baseUrl,
            request.scimConnectionId,
            request.params.id,
            (current) => patchedAttributes(current, operations),
            scimActor(request),
          ),
        );
      });
      scim.delete<{ Params: Params }>('/Users/:id', options, async (request, reply) => {
        await deleteUser(ctx, request.scimConnectionId, request.params.id, scimActor(request));
        return reply.status(204).send();
      });

      get('/Groups', async (request) => {
        const filter = parseEqualityFilter(request.query.filter, ['displayName', 'externalId'] as const);
        const page = pageOf(request.query);
        const excluded =
          typeof request.query.excludedAttributes === 'string' ? request.query.excludedAttributes : '';
        const withMembers = !excluded
          .toLowerCase()
          .split(',')
          .map((name) => name.trim())
          .includes('members');
        const found = await listGroups(ctx, baseUrl, request.scimConnectionId, filter, page, withMembers);
        return listResponse(found.resources, found.total, page.startIndex);
      });
      get<Params>('/Groups/:id', (request) =>
        getGroup(ctx, baseUrl, request.scimConnectionId, request.params.id),
      );
      scim.post('/Groups', options, async (request, reply) => {
        const created = await createGroup(ctx, baseUrl, request.scimConnectionId, request.body);
        reply.header('location', created.meta.location);
        return send(reply, 201, created);
      });
      scim.put<{ Params: Params }>('/Groups/:id', options, async (request, reply) =>
        send(
          reply,
          200,
          await replaceGroup(ctx, baseUrl, request.scimConnectionId, request.params.id, request.body),
        ),
      );
      scim.patch<{ Params: Params }>('/Groups/:id', options, async (request, reply) => {
        const operations = patchOperations(request.body);
        return send(
          reply,
          200,
          await patchGroup(ctx, baseUrl, request.scimConnectionId, request.params.id, operations),
        );
      });
      scim.delete<{ Params: Params }>('/Groups/:id', options, async (request, reply) => {
        await deleteGroup(ctx, request.scimConnectionId, request.params.id);
        return reply.status(204).send();
      });

      scim.all('/*', options, async () => {
        throw new ScimError(404, 'No such SCIM endpoint.');
      });
    },
    { prefix: SCIM_BASE_PATH },
  );
}
