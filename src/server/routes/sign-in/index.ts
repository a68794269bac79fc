/**
 * Guest sign-in by phone (spec §2 entrance dialog, §7): POST entrance sends a code by SMS,
 * POST sms/v2/send sends a new one by SMS or voice call, POST authenticate/v2/login exchanges the
 * code for a session. A known and an unknown number get the same answers: the account is found
 * (or created) only once a right code is given.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import {
  ChannelQuerySchema,
  EntranceQuerySchema,
  PhoneLoginRequestSchema,
  PhoneRequestSchema,
  SessionResponseSchema,
  type VerificationChannel,
  VerificationSentSchema,
} from "../../../domain/auth-api";
import { checkCode } from "../../auth/codes";
import type { AccountsContext } from "../../auth/context";
import type { Phone } from "../../auth/phone";
import { requirePhone } from "../../auth/phone-errors";
import { startSession } from "../../auth/sessions";
import { sessionResponse } from "../../auth/user-dto";
import { sendCode, verificationSent } from "../../auth/verification";
import { findStoreById } from "../../db/repositories/store.repository";
import { findOrCreateGuest } from "../../db/repositories/users.repository";
import { invalidInput, notFound } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { codeByCall, codeBySms } from "../../notify/verification-messages";

export interface SignInRoutesOptions {
  ctx: AccountsContext;
}

export const signInRoutes: FastifyPluginAsyncTypebox<SignInRoutesOptions> = async (app, { ctx }) => {
  const sendSignInCode = async (
    request: FastifyRequest,
    phone: Phone,
    channel: VerificationChannel,
    storeId: number | null,
  ) => {
    await sendCode(
      ctx,
      request.log,
      { purpose: "phone_sign_in", target: phone.e164, userId: null },
      { clientAddress: request.ip, channel, storeId },
      (code) => (channel === "call" ? codeByCall(phone.e164, code, storeId) : codeBySms(phone.e164, code, storeId)),
    );
    return verificationSent(channel);
  };

  app.post(
    "/entrance",
    {
      schema: {
        tags: ["accounts"],
        summary: "Start a phone sign-in: send a code by SMS (same answer for every valid number)",
        querystring: EntranceQuerySchema,
        body: PhoneRequestSchema,
        response: { 200: VerificationSentSchema, ...errorResponses(400, 404, 429, 502) },
      },
    },
    async (request) => {
      const phone = requirePhone(request.body.phoneNumber, request.body.countryCode);
      const { storeId } = request.query;
      if (storeId !== undefined && (await findStoreById(ctx.db, storeId)) === undefined) {
        throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
      }
      return sendSignInCode(request, phone, "sms", storeId ?? null);
    },
  );

  app.post(
    "/sms/v2/send",
    {
      schema: {
        tags: ["accounts"],
        summary: "Send a new sign-in code by SMS or by a voice call (channel=sms|call)",
        querystring: ChannelQuerySchema,
        body: PhoneRequestSchema,
        response: { 200: VerificationSentSchema, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      const phone = requirePhone(request.body.phoneNumber, request.body.countryCode);
      return sendSignInCode(request, phone, request.query.channel ?? "sms", null);
    },
  );

  app.post(
    "/authenticate/v2/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with the phone and the code it received (password); creates the account on first sign-in",
        querystring: NoQuerySchema,
        body: PhoneLoginRequestSchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { phoneNumber, countryCode, password } = request.body;
      const phone = requirePhone(phoneNumber, countryCode);
      const keys = await ctx.keyRing.keys();
      const owner = { purpose: "phone_sign_in", target: phone.e164, userId: null } as const;
      if (!(await checkCode(ctx.db, keys.codes, owner, password, ctx.now()))) {
        throw invalidInput("INVALID_VERIFICATION_CODE", "The verification code is invalid or has expired");
      }
      const user = await findOrCreateGuest(ctx.db, phone, ctx.now().toISOString());
      const account = { user, staff: null };
      return sessionResponse(account, await startSession(ctx, account));
    },
  );
};
