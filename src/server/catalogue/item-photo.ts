/**
 * An admin's photo of an item. The upload is judged by what it is, not by the type it claims: only
 * a JPEG, PNG or WebP that decodes whole passes (an SVG, a text file, a truncated image do not).
 * It is turned upright by its EXIF orientation, made at most PHOTO_MAX_WIDTH wide (never wider
 * than it was), and encoded as WebP without its metadata, so no camera position reaches guests.
 * The file is kept under a name made of its content's hash, so it never changes and browsers
 * may keep it a year; it is written before the transaction that names it, since a file no row
 * names is harmless and a row naming a missing file is not. How the change runs (once per key,
 * audited, the catalogue version bumped, guests told): catalogue-write.ts.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { ItemPhoto, NoItemPhoto } from "../../domain/staff-admin-api";
import type { Database } from "../db/schema";
import { ApiError, invalidInput, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import { UPLOADED_PHOTO_PREFIX } from "../paths";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { runCatalogueWrite } from "./catalogue-write";
import { photoUrl } from "./presenters";

/** The widest photo a guest's menu needs (a laptop's item modal at twice the pixels). */
export const PHOTO_MAX_WIDTH = 1200;
/** Longer sides than this are no photo of a dish; refused before their pixels are decoded. */
export const PHOTO_MAX_SIDE = 12_000;
const WEBP_QUALITY = 80;
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp"]);

/** A kept photo's path, relative to the uploads folder: `{storeId}/{16 hex}.webp`. */
export const KEPT_PHOTO_PATH = /^[1-9][0-9]*\/[0-9a-f]{16}\.webp$/;

const unsupported = (why: string) =>
  invalidInput("UNSUPPORTED_IMAGE", `This file is not a photo we can use (${why}): send a JPEG, PNG or WebP image`);

export const photoTooLarge = () =>
  new ApiError(413, "PHOTO_TOO_LARGE", "This photo is too large: send one of at most 8 MB");

export interface ConvertedPhoto {
  webp: Buffer;
  width: number;
  height: number;
}

export async function convertPhoto(upload: Buffer): Promise<ConvertedPhoto> {
  // "warning": a truncated or damaged image is refused, not shown half grey.
  const decode = () => sharp(upload, { limitInputPixels: PHOTO_MAX_SIDE * PHOTO_MAX_SIDE, failOn: "warning" });
  // Inside the promise: sharp throws at once on an empty body.
  const metadata = await Promise.resolve()
    .then(() => decode().metadata())
    .catch(() => {
      throw unsupported("it is not an image");
    });
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw unsupported(`it is ${metadata.format}`);
  if (metadata.width > PHOTO_MAX_SIDE || metadata.height > PHOTO_MAX_SIDE) {
    throw unsupported(`${metadata.width}x${metadata.height} px: at most ${PHOTO_MAX_SIDE} px a side`);
  }
  try {
    const { data, info } = await decode()
      .autoOrient()
      .resize({ width: PHOTO_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    throw unsupported("it is damaged or incomplete");
  }
}

/**
 * Writes the photo as `{storeId}/{hash}.webp` under uploadsDir (through a temporary file and a
 * rename, so a half-written file is never served) and answers its `photo` path as the items
 * table and venue files name it: `uploads/{storeId}/{hash}.webp`.
 */
export async function keepPhoto(uploadsDir: string, storeId: number, webp: Buffer): Promise<string> {
  const name = `${createHash("sha256").update(webp).digest("hex").slice(0, 16)}.webp`;
  const dir = path.join(uploadsDir, String(storeId));
  const file = path.join(dir, name);
  if (!(await isFile(file))) {
    await mkdir(dir, { recursive: true });
    const partial = path.join(dir, `.${randomUUID()}.partial`);
    await writeFile(partial, webp);
    await rename(partial, file);
  }
  return `${UPLOADED_PHOTO_PREFIX}${storeId}/${name}`;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function setItemPhoto(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  itemId: number,
  upload: Buffer,
  uploadsDir: string,
): Promise<StoredAnswer> {
  // An id of another store is refused before any work on the image.
  await itemOfStore(ctx.db, admin.storeId, itemId);
  const converted = await convertPhoto(upload);
  const photo = await keepPhoto(uploadsDir, admin.storeId, converted.webp);
  const uploadHash = createHash("sha256").update(upload).digest("hex");
  return runCatalogueWrite(ctx, admin, key, { route: `items/${itemId}/photo`, body: { uploadHash } }, async (trx) => {
    const item = await itemOfStore(trx, admin.storeId, itemId);
    await trx.updateTable("items").set({ photo }).where("id", "=", itemId).execute();
    const answer: ItemPhoto = { photo: photoUrl(photo) ?? "", width: converted.width, height: converted.height };
    return {
      answer,
      audit: {
        action: "item.photo",
        subject: { kind: "item", id: itemId, label: itemLabel(item.names) },
        before: { photo: item.photo },
        after: { photo },
      },
    };
  });
}

/**
 * The item shows no photo any more. Its file stays: it is named by its content, so another item
 * (or this one, later) may show the same file, and a venue file exported before still names it.
 * Removing a photo the item does not have is a change that changes nothing, answered alike.
 */
export async function removeItemPhoto(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  itemId: number,
): Promise<StoredAnswer> {
  return runCatalogueWrite(ctx, admin, key, { route: `items/${itemId}/photo`, body: { remove: true } }, async (trx) => {
    const item = await itemOfStore(trx, admin.storeId, itemId);
    await trx.updateTable("items").set({ photo: null }).where("id", "=", itemId).execute();
    const answer: NoItemPhoto = { photo: null };
    return {
      answer,
      audit: {
        action: "item.photo",
        subject: { kind: "item", id: itemId, label: itemLabel(item.names) },
        before: { photo: item.photo },
        after: { photo: null },
      },
    };
  });
}

async function itemOfStore(db: Kysely<Database>, storeId: number, itemId: number) {
  const item = await db
    .selectFrom("items")
    .select(["names", "photo"])
    .where("id", "=", itemId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  if (item === undefined) throw notFound("NOT_FOUND", `There is no item ${itemId} in this store`);
  return item;
}
