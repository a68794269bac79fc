/**
 * Serves the photos admins upload (catalogue/item-photo.ts) under /images/uploads/, from their
 * folder under DATA_DIR, whether or not the built PWA is served. Each name is its content's hash,
 * so a file never changes and browsers may keep it a year. Only names of that shape are looked up:
 * anything else under /images/uploads/ (a `..`, a half-written file, a folder) is a 404.
 * The photos that ship with the app (public/images) stay with the PWA (static-pwa.ts).
 */
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { KEPT_PHOTO_PATH } from "../catalogue/item-photo";
import { IMAGES_URL_PREFIX, UPLOADED_PHOTO_PREFIX } from "../paths";
import { IMMUTABLE } from "./static-pwa";

export interface UploadedPhotosOptions {
  /** paths.ts uploadsDirOf(DATA_DIR); it may not exist until the first upload. */
  root: string;
}

export const UPLOADED_PHOTOS_URL_PREFIX = `${IMAGES_URL_PREFIX}${UPLOADED_PHOTO_PREFIX}`;

export const uploadedPhotos: FastifyPluginAsync<UploadedPhotosOptions> = async (app, { root }) => {
  app.addHook("onRequest", async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (!KEPT_PHOTO_PATH.test(pathname.slice(UPLOADED_PHOTOS_URL_PREFIX.length))) {
      return reply.callNotFound();
    }
  });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADED_PHOTOS_URL_PREFIX,
    // The PWA's static files (static-pwa.ts) already give replies sendFile.
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    dotfiles: "deny",
    // Created by the first upload; until then every photo here is a 404, which needs no warning.
    suppressWarning: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => {
      reply.header("cache-control", IMMUTABLE);
    },
  });
};
