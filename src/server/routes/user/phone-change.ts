/**
 * Changing a guest's phone (spec §2 cart-with-change-phone, §7): POST sms/send/change-phone sends a
 * code to the new number, POST user/change-phone checks it and answers new tokens; POST sms/send
 * sends the pending verification again. The code is bound to the account that asked for it.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AuthHeadersSchema,
  ChangePhoneRequestSchema,
  ChannelQuerySchema,
  PhoneRequestSchema,
  SessionResponseSchema,
  VerificationSentSchema,
} from "../../../domain/auth-api";
import { checkCode } from "../../auth/codes";
import type { AccountsContext } from "../../auth/context";
import { countIdentityChange } from "../../auth/identity-changes";
import { forgetPreviousPhone } from "../../auth/personal-data";
import { requirePhone } from "../../auth/phone-errors";
import { authenticateGuest, rotateTokens } from "../../auth/sessions";
import { sessionResponse } from "../../auth/user-dto";
import { sendCode, verificationSent } from "../../auth/verification";
import { isUniqueViolation } from "../../db/errors";
import { findAccountById, isPhoneTaken, updatePhone } from "../../db/repositories/users.repository";
import { findLiveChangePhoneCode } from "../../db/repositories/verification-codes.repository";
import { conflict, invalidInput } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { codeByCall, codeBySms } from "../../notify/verification-messages";

export interface PhoneChangeRoutesOptions {
  ctx: AccountsContext;
}

const phoneTaken = () => conflict("PHONE_ALREADY_USED", "This phone is already used");

export const phoneChangeRoutes: FastifyPluginAsyncTypebox<PhoneChangeRoutesOptions> = async (app, { ctx }) => {
  app.post(
    "/sms/send/change-phone",
    {
      schema: {
        tags: ["accounts"],
        summary: "Send a code to the guest's new phone number (then POST user/change-phone)",
        headers: AuthHeadersSchema,
        querystring: ChannelQuerySchema,
        body: PhoneRequestSchema,
        response: { 200: VerificationSentSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (request) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      const phone = requirePhone(request.body.phoneNumber, request.body.countryCode);
      await countIdentityChange(ctx, account.user.id);
      if (await isPhoneTaken(ctx.db, phone.e164)) throw phoneTaken();
      const channel = request.query.channel ?? "sms";
      await sendCode(
        ctx,
        request.log,
        { purpose: "change_phone", target: phone.e164, userId: account.user.id },
        { clientAddress: request.ip, channel, storeId: null },
        (code) => (channel === "call" ? codeByCall(phone.e164, code, null) : codeBySms(phone.e164, code, null)),
      );
      return verificationSent(channel);
    },
  );

  app.post(
    "/sms/send",
    {
      schema: {
        tags: ["accounts"],
        summary: "Send the guest's pending verification (a change of phone) again",
        headers: AuthHeadersSchema,
        querystring: ChannelQuerySchema,
        response: { 200: VerificationSentSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (request) => {
      const { account } = await authenticateGuest(ctx, request.headers);
      const pending = await findLiveChangePhoneCode(ctx.db, account.user.id, ctx.now().toISOString());
      // A guest signed in with a code: their phone is verified unless a new one waits for its code.
      if (pending === undefined) throw conflict("USER_ALREADY_VERIFIED", "There is nothing left to verify");
      const target = pending.target;
      const channel = request.query.channel ?? "sms";
      await sendCode(
        ctx,
        request.log,
        { purpose: "change_phone", target, userId: account.user.id },
        { clientAddress: request.ip, channel, storeId: null },
        (code) => (channel === "call" ? codeByCall(target, code, null) : codeBySms(target, code, null)),
      );
      return verificationSent(channel);
    },
  );

  app.post(
    "/user/change-phone",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change the guest's phone with the code sent to the new number; answers new tokens",
        querystring: NoQuerySchema,
        headers: AuthHeadersSchema,
        body: ChangePhoneRequestSchema,
        response: { 200: SessionResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const signedIn = await authenticateGuest(ctx, request.headers);
      const userId = signedIn.account.user.id;
      const phone = requirePhone(request.body.phoneNumber, request.body.countryCode);
      const keys = await ctx.keyRing.keys();
      const owner = { purpose: "change_phone", target: phone.e164, userId } as const;
      if (!(await checkCode(ctx.db, keys.codes, owner, request.body.verificationCode, ctx.now()))) {
        throw invalidInput("INVALID_VERIFICATION_CODE", "The verification code is invalid or has expired");
      }
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await updatePhone(trx, userId, phone, ctx.now().toISOString());
          // Privacy: the old number's messages and codes go; its memberships follow the person.
          await forgetPreviousPhone(trx, signedIn.account.user.phone, phone.e164);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken();
        throw error;
      }
      const tokens = await rotateTokens(ctx, signedIn);
      const account = (await findAccountById(ctx.db, userId)) ?? signedIn.account;
      return sessionResponse(account, tokens);
    },
  );
};
