/**
 * Password reset by e-mail (spec §3 reset-password payload, §7): POST email/send/reset sends a code
 * to the address when a guest or a staff admin (venue file staff[].email) has it; POST
 * user/reset-password sets the new password with it, on every account of that address (the guest's
 * and the admin's, which the admin then signs in with: POST authenticate/login).
 * Codes follow the sign-in rules (6 digits, 10 minutes, single use, 5 checks, send limits).
 * The answer is the same whether the address has an account or not: the code is issued either
 * way and the e-mail is sent after the answer, so neither content nor timing tells.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  OkResponseSchema,
  ResetEmailRequestSchema,
  ResetPasswordRequestSchema,
  VerificationSentSchema,
} from "../../../domain/auth-api";
import { checkEmail } from "../../../domain/email";
import { checkCode } from "../../auth/codes";
import type { AccountsContext } from "../../auth/context";
import { hashPassword, isAcceptablePassword } from "../../auth/passwords";
import { newCode, reserveSend, verificationSent } from "../../auth/verification";
import { listAdminsByEmail } from "../../db/repositories/staff.repository";
import {
  findLiveGuestByEmail,
  findOrCreateStaffAccount,
  setPasswordHash,
} from "../../db/repositories/users.repository";
import { invalidInput } from "../../http/api-error";
import { errorResponses, NoQuerySchema } from "../../http/schemas";
import { passwordResetByEmail } from "../../notify/verification-messages";

export interface PasswordResetRoutesOptions {
  ctx: AccountsContext;
}

const EMAIL_MESSAGES = { EMPTY_EMAIL: "Email cannot be empty", INVALID_EMAIL: "Invalid email address" } as const;

function requireEmail(raw: string | null | undefined): string {
  const checked = checkEmail(raw);
  if (!checked.ok) throw invalidInput(checked.code, EMAIL_MESSAGES[checked.code]);
  return checked.email;
}

export const passwordResetRoutes: FastifyPluginAsyncTypebox<PasswordResetRoutesOptions> = async (app, { ctx }) => {
  app.post(
    "/email/send/reset",
    {
      schema: {
        tags: ["accounts"],
        summary: "Send a password reset code to the e-mail address (same answer whether it has an account)",
        querystring: NoQuerySchema,
        body: ResetEmailRequestSchema,
        response: { 200: VerificationSentSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const email = requireEmail(request.body.email);
      await reserveSend(ctx, email);
      const code = await newCode(ctx, { purpose: "email_reset", target: email, userId: null });
      const guest = await findLiveGuestByEmail(ctx.db, email);
      const admins = await listAdminsByEmail(ctx.db, email);
      if (guest !== undefined || admins.length > 0) {
        ctx.background.run("sending a password reset e-mail", () =>
          ctx.messenger.send(passwordResetByEmail(email, code)),
        );
      }
      return verificationSent("email");
    },
  );

  app.post(
    "/user/reset-password",
    {
      schema: {
        tags: ["accounts"],
        summary: "Set a new password (at least 6 characters) with the code sent by e-mail",
        querystring: NoQuerySchema,
        body: ResetPasswordRequestSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const email = requireEmail(request.body.email);
      const { password, verificationCode } = request.body;
      // Checked before the code, so a too-short password does not spend one of its checks.
      if (!isAcceptablePassword(password)) {
        throw invalidInput("INVALID_PASSWORD", "The password must contain at least 6 characters");
      }
      const keys = await ctx.keyRing.keys();
      const owner = { purpose: "email_reset", target: email, userId: null } as const;
      const invalidCode = () =>
        invalidInput("INVALID_VERIFICATION_CODE", "The verification code is invalid or has expired");
      if (!(await checkCode(ctx.db, keys.codes, owner, verificationCode, ctx.now()))) throw invalidCode();
      // A code issued for an address without an account is right but useless: same answer as a wrong one.
      const guest = await findLiveGuestByEmail(ctx.db, email);
      const admins = await listAdminsByEmail(ctx.db, email);
      if (guest === undefined && admins.length === 0) throw invalidCode();
      const hash = await hashPassword(password);
      const nowIso = ctx.now().toISOString();
      if (guest !== undefined) await setPasswordHash(ctx.db, guest.id, hash, nowIso);
      for (const admin of admins) {
        const account = await findOrCreateStaffAccount(ctx.db, admin, nowIso);
        await setPasswordHash(ctx.db, account.id, hash, nowIso);
      }
      return { ok: true as const };
    },
  );
};
