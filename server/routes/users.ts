// The user directory: staff see and edit everyone, create users and reset their 2FA; everybody
// else sees and edits only themselves, and other users' records answer 404 as if they did not
// exist. Staff cannot deactivate or un-staff themselves, so an installation never loses its last
// way in by a slip of the hand.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../auth/authenticate';
import { findUserByEmail, findUserById, listUsers, normaliseEmail, toUserDto, updateUser } from '../repositories/users';
import type { UserRow } from '../db/schema';
import { createUser } from '../users';
import { forbidden, invalid, notFound } from '../errors';
import { bearerSecurity, errorResponses, nameSchema, UserSchema } from './schemas';
import { idQuery } from './fields';
import { preconditionHeaders, requireFresh, tagReply } from './preconditions';

const tags = ['users'];
const security = bearerSecurity;
const params = z.object({ id: idQuery });
const fullUpdate = z.object({
  email: z.string().trim().email('Enter a valid email address.'),
  first_name: nameSchema,
  last_name: nameSchema,
  is_staff: z.boolean().optional(),
  is_active: z.boolean().optional(),
});
type UserUpdate = Partial<z.infer<typeof fullUpdate>>;

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  async function visibleUser(request: FastifyRequest, id: number): Promise<UserRow> {
    const me = currentUser(request);
    const user = me.isStaff || me.id === id ? await findUserById(app.db, id) : undefined;
    if (!user) throw notFound();
    return user;
  }

  function requireStaff(request: FastifyRequest, what: string): void {
    if (!currentUser(request).isStaff) throw forbidden(`Only staff may ${what}.`);
  }

  async function applyUpdate(request: FastifyRequest, target: UserRow, body: UserUpdate) {
    const me = currentUser(request);
    if (body.is_staff !== undefined || body.is_active !== undefined) requireStaff(request, 'change is_staff or is_active');
    if (target.id === me.id && body.is_active === false) {
      throw invalid({ is_active: ['You cannot deactivate your own account.'] });
    }
    if (target.id === me.id && body.is_staff === false) {
      throw invalid({ is_staff: ['You cannot remove your own staff status.'] });
    }
    if (body.email !== undefined && normaliseEmail(body.email) !== target.email) {
      const taken = await findUserByEmail(app.db, body.email);
      if (taken) throw invalid({ email: ['A user with that email already exists.'] });
    }
    const changes = {
      ...(body.email !== undefined && { email: normaliseEmail(body.email) }),
      ...(body.first_name !== undefined && { firstName: body.first_name }),
      ...(body.last_name !== undefined && { lastName: body.last_name }),
      ...(body.is_staff !== undefined && { isStaff: body.is_staff }),
      ...(body.is_active !== undefined && { isActive: body.is_active }),
    };
    if (Object.keys(changes).length === 0) return toUserDto(target);
    return toUserDto(await updateUser(app.db, target.id, changes));
  }

  app.get('/users/', {
    schema: { tags, security, summary: 'Users (staff: all; others: themselves)', response: { 200: z.array(UserSchema), ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request) => {
      const me = currentUser(request);
      return me.isStaff ? (await listUsers(app.db)).map(toUserDto) : [toUserDto(me)];
    },
  });

  app.post('/users/', {
    schema: {
      tags,
      security,
      summary: 'Create a user (staff only)',
      body: z.object({
        email: z.string().trim().email('Enter a valid email address.'),
        password: z.string(),
        first_name: nameSchema.optional(),
        last_name: nameSchema.optional(),
        is_staff: z.boolean().optional(),
      }),
      response: { 201: UserSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      requireStaff(request, 'create users');
      const { email, password, first_name, last_name, is_staff } = request.body;
      const user = await createUser(app.db, {
        email,
        password,
        firstName: first_name,
        lastName: last_name,
        isStaff: is_staff,
      });
      return reply.code(201).send(toUserDto(user));
    },
  });

  app.get('/users/me/', {
    schema: { tags, security, summary: 'The signed-in user', response: { 200: UserSchema, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request) => toUserDto(currentUser(request)),
  });

  app.get('/users/:id/', {
    schema: { tags, security, summary: 'One user', params, response: { 200: UserSchema, ...errorResponses } },
    preHandler: requireUser(),
    handler: async (request, reply) => {
      const user = await visibleUser(request, request.params.id);
      tagReply(reply, user);
      return toUserDto(user);
    },
  });

  /** The user to write over, once the caller may see them and the request's If-Match holds (412 with the user otherwise). */
  async function freshUser(request: FastifyRequest, id: number): Promise<UserRow> {
    const user = await visibleUser(request, id);
    await requireFresh(request, user, () => toUserDto(user));
    return user;
  }

  app.put('/users/:id/', {
    schema: {
      tags,
      security,
      summary: 'Replace a user record',
      params,
      headers: preconditionHeaders,
      body: fullUpdate,
      response: { 200: UserSchema, ...errorResponses, 412: UserSchema },
    },
    preHandler: requireUser(),
    handler: async (request) => applyUpdate(request, await freshUser(request, request.params.id), request.body),
  });

  app.patch('/users/:id/', {
    schema: {
      tags,
      security,
      summary: 'Change a user record',
      params,
      headers: preconditionHeaders,
      body: fullUpdate.partial().optional(),
      response: { 200: UserSchema, ...errorResponses, 412: UserSchema },
    },
    preHandler: requireUser(),
    handler: async (request) => applyUpdate(request, await freshUser(request, request.params.id), request.body ?? {}),
  });

  app.post('/users/:id/otp/reset/', {
    schema: {
      tags,
      security,
      summary: "Turn off a user's 2FA so they sign in with their password and may set it up again (staff only)",
      params,
      response: { 200: UserSchema, ...errorResponses },
    },
    preHandler: requireUser(),
    handler: async (request) => {
      requireStaff(request, 'reset two-factor authentication');
      const target = await visibleUser(request, request.params.id);
      return toUserDto(await updateUser(app.db, target.id, { otpEnabled: false, otpSecret: null, otpLastStep: null }));
    },
  });
};

export default usersRoutes;
