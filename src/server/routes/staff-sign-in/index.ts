/**
 * Staff and temporary sign-in (spec §6, §7): by PIN at a store, by a login token an admin issued,
 * by an admin's e-mail and password, or as a temporary visitor of a store; the enrolment of a
 * staff device (its secret goes in the `staff-device` header of sign-ins); and the issuing of
 * login tokens by a store's admin. Sign-ins answer like a phone sign-in: { authToken: { user, token }, jwt }.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AuthHeadersSchema,
  PinLoginQuerySchema,
  SessionResponseSchema,
  StaffLoginTokenRequestSchema,
  StaffLoginTokenResponseSchema,
  StoreQuerySchema,
  WaiterFromTokenQuerySchema,
} from "../../../domain/auth-api";
import {
  LoginTokenDeviceHeadersSchema,
  PasswordLoginRequestSchema,
  StaffDeviceHeadersSchema,
  StaffDeviceResponseSchema,
} from "../../../domain/staff-sign-in-api";
import type { AccountsContext } from "../../auth/context";
import { authenticate, startSession } from "../../auth/sessions";
import { enrolStaffDevice, enrolStaffDeviceSignedIn } from "../../auth/staff-devices";
import { signInWithPassword } from "../../auth/staff-password-sign-in";
import { issueStaffLoginToken, signInWithLoginToken, signInWithPin } from "../../auth/staff-sign-in";
import { sessionResponse } from "../../auth/user-dto";
import { signInAsVisitor } from "../../auth/visitor-sign-in";
import { errorResponses, NoQuerySchema } from "../../http/schemas";

export interface StaffSignInRoutesOptions {
  ctx: AccountsContext;
}

export const staffSignInRoutes: FastifyPluginAsyncTypebox<StaffSignInRoutesOptions> = async (app, { ctx }) => {
  app.post(
    "/authenticate/login/pin",
    {
      schema: {
        tags: ["staff"],
        summary: "Staff sign-in with a PIN at a store (throttled per device and, escalating, per store)",
        querystring: PinLoginQuerySchema,
        headers: StaffDeviceHeadersSchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { storeId, pin } = request.query;
      const account = await signInWithPin(ctx, storeId, pin, request.headers["staff-device"]);
      return sessionResponse(account, await startSession(ctx, account));
    },
  );

  app.post(
    "/authenticate/login/waiter-from-token",
    {
      schema: {
        tags: ["staff"],
        summary: "Staff sign-in with a one-use login token (login-token header) issued by an admin",
        querystring: WaiterFromTokenQuerySchema,
        headers: LoginTokenDeviceHeadersSchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { userId, storeId } = request.query;
      const { "login-token": loginToken, "staff-device": device } = request.headers;
      const account = await signInWithLoginToken(ctx, userId, storeId, loginToken, device);
      return sessionResponse(account, await startSession(ctx, account));
    },
  );

  app.post(
    "/authenticate/login",
    {
      schema: {
        tags: ["staff"],
        summary: "An admin's sign-in with the venue file's e-mail and a password set by the e-mail reset",
        querystring: NoQuerySchema,
        headers: StaffDeviceHeadersSchema,
        body: PasswordLoginRequestSchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const account = await signInWithPassword(ctx, email, password, request.ip, request.headers["staff-device"]);
      return sessionResponse(account, await startSession(ctx, account));
    },
  );

  app.post(
    "/staff/devices",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Enrol this device as a terminal of a store: anonymous (limited per client address and per store), or with a staff session of the store (outside those limits, trusted at once)",
        querystring: StoreQuerySchema,
        headers: AuthHeadersSchema,
        response: { 201: StaffDeviceResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { storeId } = request.query;
      const { authtoken, jwt } = request.headers;
      const device =
        authtoken === undefined && jwt === undefined
          ? await enrolStaffDevice(ctx, storeId, request.ip)
          : await enrolStaffDeviceSignedIn(ctx, await authenticate(ctx, request.headers), storeId);
      reply.header("cache-control", "no-store");
      return reply.code(201).send(device);
    },
  );

  app.post(
    "/authenticate/login/tmp",
    {
      schema: {
        tags: ["staff"],
        summary: "Temporary anonymous sign-in at a store (a visitor account, 12-hour session)",
        querystring: StoreQuerySchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const account = await signInAsVisitor(ctx, request.query.storeId, request.ip);
      return sessionResponse(account, await startSession(ctx, account));
    },
  );

  app.post(
    "/staff/login-tokens",
    {
      schema: {
        tags: ["staff"],
        summary: "An admin issues a one-use login token (24 hours) for a staff member of the same store",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        body: StaffLoginTokenRequestSchema,
        response: { 201: StaffLoginTokenResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const admin = await authenticate(ctx, request.headers);
      reply.header("cache-control", "no-store");
      return reply.code(201).send(await issueStaffLoginToken(ctx, admin, request.body.staffId));
    },
  );
};
