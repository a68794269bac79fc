/**
 * The opt-out link of the e-mails (auth/newsletter-links.ts), for a guest who is not signed in:
 *   GET  /api/newsletter/opt-out-link?token=   a small bilingual page with one button (a GET changes
 *                                              nothing, so a mail scanner that follows links
 *                                              cannot opt anyone out)
 *   POST /api/newsletter/opt-out-link          form field token: the newsletter off, a bilingual
 *                                              confirmation
 * Any token that is not ours, tampered, expired or for another purpose gets the same 400 page.
 * Opting out again, or for an account deleted since, answers the same confirmation.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { AccountsContext } from "../../auth/context";
import { NEWSLETTER_OPT_OUT_PATH, userOfNewsletterOptOutToken } from "../../auth/newsletter-links";
import { updateProfile } from "../../db/repositories/users.repository";

const TokenSchema = Type.String({ minLength: 1, maxLength: 2048 });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="el"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main>${body}</main></body></html>`;
}

const REFUSED = page(
  "Μη έγκυρος σύνδεσμος / Invalid link",
  `<h1>Ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει.</h1><p lang="en">This link is not valid or has expired.</p>` +
    `<p>Μπορείτε να διακόψετε το ενημερωτικό δελτίο από το προφίλ σας. <span lang="en">You can stop the newsletter from your profile.</span></p>`,
);

const DONE = page(
  "Διακοπή ενημερωτικού δελτίου / Newsletter stopped",
  `<h1>Δεν θα λαμβάνετε πια το ενημερωτικό μας δελτίο.</h1><p lang="en">You will no longer receive our newsletter.</p>`,
);

const confirmPage = (token: string) =>
  page(
    "Διακοπή ενημερωτικού δελτίου / Stop the newsletter",
    `<h1>Διακοπή ενημερωτικού δελτίου</h1><p lang="en">Stop the newsletter</p>` +
      `<form method="post" action="${NEWSLETTER_OPT_OUT_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button type="submit">Διακοπή <span lang="en">/ Unsubscribe</span></button></form>`,
  );

export const newsletterLinkRoutes: FastifyPluginAsyncTypebox<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  // A plain HTML form posts url-encoded; only this plugin takes it.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const isValid = async (token: string) =>
    (await userOfNewsletterOptOutToken((await ctx.keyRing.keys()).newsletterLinks, token, ctx.now())) !== null;

  app.get(
    "/newsletter/opt-out-link",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "The newsletter opt-out link of an e-mail (no sign-in): a bilingual HTML page asking to confirm; an invalid or expired token: 400 page",
        querystring: Type.Object({ token: TokenSchema }, { additionalProperties: false }),
        response: { 200: Type.String(), 400: Type.String() },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!(await isValid(request.query.token))) return reply.code(400).send(REFUSED);
      return confirmPage(request.query.token);
    },
  );

  app.post(
    "/newsletter/opt-out-link",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Opt out of the newsletter with an e-mail's link token (no sign-in); answers a bilingual HTML confirmation, or a 400 page for an invalid or expired token",
        body: Type.Object({ token: TokenSchema }, { additionalProperties: false }),
        response: { 200: Type.String(), 400: Type.String() },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      const userId = await userOfNewsletterOptOutToken(
        (await ctx.keyRing.keys()).newsletterLinks,
        request.body.token,
        ctx.now(),
      );
      if (userId === null) return reply.code(400).send(REFUSED);
      await updateProfile(ctx.db, userId, { optedInForNewsletter: false }, ctx.now().toISOString());
      return DONE;
    },
  );
};
