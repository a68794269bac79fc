/**
 * POST /api/staff/stores/:storeId/items/:itemId/photo: an admin uploads an item's photo; it is
 * judged by its content, turned upright, made at most 1200 px wide, kept as WebP under DATA_DIR
 * and served under /images/uploads/ for a year. DELETE of the same path removes it (the file
 * stays). Two stores: 1 and 101 (ids shifted by 100,000).
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditPage, type ItemPhoto, MAX_PHOTO_BYTES, type NoItemPhoto } from "../../../domain/staff-admin-api";
import { uploadsDirOf } from "../../paths";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../../test-fixtures/venue";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { importVenue } from "../../venue/import";
import { pinSession } from "./admin-test-support";

const dataDir = await mkdtemp(path.join(tmpdir(), "kyma-photo-"));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const database = setUpTestDatabase();
const server = setUpTestApp(() => database.db, { dataDir });

const OTHER_STORE = 101;
const MENU_URL = `/api/tables/${FIXTURE.table}/menus/beach-bar`;
const photoUrl = (itemId: number, storeId: number = FIXTURE.storeId) =>
  `/api/staff/stores/${storeId}/items/${itemId}/photo`;

let waiter: Record<string, string>;
let admin: Record<string, string>;

function upload(
  session: Record<string, string>,
  url: string,
  body: Buffer,
  contentType: string,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: "POST",
    url,
    headers: { ...session, "idempotency-key": key, "content-type": contentType },
    payload: body,
  });
}

/** A 2400x1600 JPEG whose EXIF says "turn 90° clockwise to show": upright it is 1600x2400. */
function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "Test camera" } })
    .toBuffer();
}

async function storedPhoto(itemId: number): Promise<string | null> {
  const row = await database.db.selectFrom("items").select("photo").where("id", "=", itemId).executeTakeFirstOrThrow();
  return row.photo;
}

async function catalogueVersion(): Promise<number> {
  const row = await database.db
    .selectFrom("stores")
    .select("catalogue_version")
    .where("id", "=", FIXTURE.storeId)
    .executeTakeFirstOrThrow();
  return row.catalogue_version;
}

async function auditActions(): Promise<string[]> {
  const response = await server.app.inject({
    method: "GET",
    url: `/api/staff/stores/${FIXTURE.storeId}/audit`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>().entries.map((entry) => `${entry.id} ${entry.action}`);
}

async function menuPhoto(itemId: number): Promise<string | null | undefined> {
  const menu = await server.app.inject({ method: "GET", url: MENU_URL });
  expect(menu.statusCode, menu.body).toBe(200);
  return menu.json<{ items: { id: number; photo: string | null }[] }>().items.find((item) => item.id === itemId)?.photo;
}

/**
 * Sends a refused call and checks it changed nothing: the item's photo, the store's catalogue
 * version and the audit list; the message says what to send, when `message` names it.
 */
async function expectRefused(
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  code: string,
  message?: RegExp,
) {
  const photoBefore = await storedPhoto(FIXTURE.seaBream);
  const versionBefore = await catalogueVersion();
  const auditBefore = await auditActions();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
  if (message !== undefined) expect(response.json<{ message: string }>().message).toMatch(message);
  expect(await storedPhoto(FIXTURE.seaBream)).toBe(photoBefore);
  expect(await catalogueVersion()).toBe(versionBefore);
  expect(await auditActions()).toEqual(auditBefore);
}

function removePhoto(
  session: Record<string, string>,
  url: string,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: "DELETE", url, headers: { ...session, "idempotency-key": key } });
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  waiter = await pinSession(server.app, FIXTURE.storeId, "1357");
  admin = await pinSession(server.app, FIXTURE.storeId, "4821");
});

describe("POST /api/staff/stores/:storeId/items/:itemId/photo", () => {
  it("back office photos: a JPEG becomes an upright WebP at most 1200 px wide that the guest menu names and /images/uploads/ serves immutable; item.photo is in the audit list", async () => {
    const key = randomUUID();
    const jpeg = await sidewaysJpeg();
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 2400, height: 1600, orientation: 6 });
    const response = await upload(admin, photoUrl(FIXTURE.seaBream), jpeg, "image/jpeg", key);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ItemPhoto>();
    expect(answer).toEqual({
      photo: expect.stringMatching(/^\/images\/uploads\/1\/[0-9a-f]{16}\.webp$/),
      width: 1200,
      height: 1800,
    });
    expect(await storedPhoto(FIXTURE.seaBream)).toBe(answer.photo.slice("/images/".length));
    expect(await menuPhoto(FIXTURE.seaBream)).toBe(answer.photo);

    const served = await server.app.inject({ method: "GET", url: answer.photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: "webp", width: 1200, height: 1800 });
    // Metadata stripped: no camera, no orientation left to apply twice.
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();

    const [latest] = (
      await server.app.inject({ method: "GET", url: `/api/staff/stores/${FIXTURE.storeId}/audit`, headers: admin })
    ).json<AuditPage>().entries;
    expect(latest).toMatchObject({
      action: "item.photo",
      subject: { kind: "item", id: FIXTURE.seaBream },
      before: { photo: null },
      after: { photo: answer.photo.slice("/images/".length) },
    });

    // The same key again: the same answer, recorded once.
    const auditAfter = await auditActions();
    const replay = await upload(admin, photoUrl(FIXTURE.seaBream), jpeg, "image/jpeg", key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toBe(response.body);
    expect(await auditActions()).toEqual(auditAfter);
  });

  it("a small PNG is converted to WebP and never enlarged", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#2a7" } })
      .png()
      .toBuffer();
    const response = await upload(admin, photoUrl(FIXTURE.greekCoffee), png, "image/png");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ItemPhoto>()).toMatchObject({ width: 300, height: 200 });
  });

  it("back office photos, bad input: a 20 MB photo is refused with 413 PHOTO_TOO_LARGE and changes nothing", async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024, 0xff);
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), huge, "image/jpeg"),
      413,
      "PHOTO_TOO_LARGE",
      /at most 8 MB/,
    );
    // Just over the limit counts too.
    const over = Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff);
    await expectRefused(() => upload(admin, photoUrl(FIXTURE.seaBream), over, "image/png"), 413, "PHOTO_TOO_LARGE");
  });

  it("back office photos, bad input: a file that is not an image is 400 UNSUPPORTED_IMAGE, whatever type it claims, and changes nothing", async () => {
    const text = Buffer.from("Not a photo, a shopping list: sea bream, lemons.\n");
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), text, "text/plain"),
      400,
      "UNSUPPORTED_IMAGE",
      /JPEG, PNG or WebP|image\/jpeg, image\/png, image\/webp/,
    );
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), text, "image/jpeg"),
      400,
      "UNSUPPORTED_IMAGE",
      /not a photo we can use \(it is not an image\)/,
    );
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), Buffer.alloc(0), "image/png"),
      400,
      "UNSUPPORTED_IMAGE",
    );
  });

  it("back office photos, bad input: an SVG is never accepted, not even labelled image/png", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script><rect width="400" height="300" fill="red"/></svg>',
    );
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), svg, "image/png"),
      400,
      "UNSUPPORTED_IMAGE",
      /not a photo we can use .*send a JPEG, PNG or WebP image/,
    );
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), svg, "image/svg+xml"),
      400,
      "UNSUPPORTED_IMAGE",
    );
  });

  it("a truncated JPEG is refused with 400 UNSUPPORTED_IMAGE", async () => {
    const whole = await sidewaysJpeg();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expectRefused(
      () => upload(admin, photoUrl(FIXTURE.seaBream), truncated, "image/jpeg"),
      400,
      "UNSUPPORTED_IMAGE",
    );
  });

  it("an image over 12,000 px a side is refused with 400 UNSUPPORTED_IMAGE", async () => {
    const strip = await sharp({ create: { width: 12_001, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expectRefused(() => upload(admin, photoUrl(FIXTURE.seaBream), strip, "image/png"), 400, "UNSUPPORTED_IMAGE");
  });

  it("back office photos, bad input: a waiter calling this admin route gets 403 and changes nothing", async () => {
    const jpeg = await sidewaysJpeg();
    await expectRefused(
      () => upload(waiter, photoUrl(FIXTURE.seaBream), jpeg, "image/jpeg"),
      403,
      "FORBIDDEN",
      /admin/i,
    );
  });

  it("back office photos, bad input: an item of another store is 404 NOT_FOUND and changes nothing", async () => {
    const jpeg = await sidewaysJpeg();
    const otherItem = FIXTURE.seaBream + 100_000;
    await expectRefused(
      () => upload(admin, photoUrl(otherItem), jpeg, "image/jpeg"),
      404,
      "NOT_FOUND",
      new RegExp(`no item ${otherItem} in this store`),
    );
    const row = await database.db.selectFrom("items").select("photo").where("id", "=", otherItem).executeTakeFirst();
    expect(row?.photo ?? null).toBeNull();
    // The other store's admin path with this store's session: 403.
    await expectRefused(() => upload(admin, photoUrl(otherItem, OTHER_STORE), jpeg, "image/jpeg"), 403, "FORBIDDEN");
  });

  it("without an Idempotency-Key the upload is refused and changes nothing", async () => {
    const jpeg = await sidewaysJpeg();
    await expectRefused(
      () =>
        server.app.inject({
          method: "POST",
          url: photoUrl(FIXTURE.seaBream),
          headers: { ...admin, "content-type": "image/jpeg" },
          payload: jpeg,
        }),
      400,
      "IDEMPOTENCY_KEY_REQUIRED",
    );
  });
});

describe("DELETE /api/staff/stores/:storeId/items/:itemId/photo", () => {
  it("back office photos: an admin removes an item's photo; the guest menu shows none, item.photo is in the audit list with the photo before, and the file stays", async () => {
    const uploaded = await upload(admin, photoUrl(FIXTURE.greekCoffee), await sidewaysJpeg(), "image/jpeg");
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photo = uploaded.json<ItemPhoto>().photo;
    expect(await menuPhoto(FIXTURE.greekCoffee)).toBe(photo);
    const versionBefore = await catalogueVersion();

    const key = randomUUID();
    const response = await removePhoto(admin, photoUrl(FIXTURE.greekCoffee), key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NoItemPhoto>()).toEqual({ photo: null });
    expect(await storedPhoto(FIXTURE.greekCoffee)).toBeNull();
    expect(await menuPhoto(FIXTURE.greekCoffee)).toBeNull();
    expect(await catalogueVersion()).toBe(versionBefore + 1);
    const [latest] = (
      await server.app.inject({ method: "GET", url: `/api/staff/stores/${FIXTURE.storeId}/audit`, headers: admin })
    ).json<AuditPage>().entries;
    expect(latest).toMatchObject({
      action: "item.photo",
      subject: { kind: "item", id: FIXTURE.greekCoffee },
      before: { photo: photo.slice("/images/".length) },
      after: { photo: null },
    });
    // Content-named, maybe shown by another item: the file is kept and still served.
    expect((await stat(path.join(uploadsDirOf(dataDir), photo.slice("/images/uploads/".length)))).isFile()).toBe(true);
    expect((await server.app.inject({ method: "GET", url: photo })).statusCode).toBe(200);

    // The same key again: the same answer, recorded once, no second version bump.
    const auditAfter = await auditActions();
    const replay = await removePhoto(admin, photoUrl(FIXTURE.greekCoffee), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toBe(response.body);
    expect(await auditActions()).toEqual(auditAfter);
    expect(await catalogueVersion()).toBe(versionBefore + 1);
  });

  it("back office photos, bad input: a waiter 403, an item of another store 404, another store's path 403, no key 400, an upload's key 422; nothing changed", async () => {
    const uploaded = await upload(admin, photoUrl(FIXTURE.seaBream), await sidewaysJpeg(), "image/jpeg");
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await expectRefused(() => removePhoto(waiter, photoUrl(FIXTURE.seaBream)), 403, "FORBIDDEN", /admin/i);
    const otherItem = FIXTURE.seaBream + 100_000;
    await expectRefused(
      () => removePhoto(admin, photoUrl(otherItem)),
      404,
      "NOT_FOUND",
      new RegExp(`no item ${otherItem} in this store`),
    );
    await expectRefused(() => removePhoto(admin, photoUrl(otherItem, OTHER_STORE)), 403, "FORBIDDEN");
    await expectRefused(
      () => server.app.inject({ method: "DELETE", url: photoUrl(FIXTURE.seaBream), headers: admin }),
      400,
      "IDEMPOTENCY_KEY_REQUIRED",
    );
    // A key already used for an upload names another change: refused, not answered with the upload.
    const uploadKey = randomUUID();
    const again = await upload(admin, photoUrl(FIXTURE.seaBream), await sidewaysJpeg(), "image/jpeg", uploadKey);
    expect(again.statusCode, again.body).toBe(200);
    const refused = await removePhoto(admin, photoUrl(FIXTURE.seaBream), uploadKey);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await storedPhoto(FIXTURE.seaBream)).not.toBeNull();
  });
});

describe("GET /images/uploads/*", () => {
  it("a path with .. or anything but a kept photo's name is 404: files outside the folder are unreachable", async () => {
    // Beside the uploads folder, as venue.sqlite is, and inside it but not a kept photo.
    await writeFile(path.join(dataDir, "secret.txt"), "not for guests");
    await mkdir(path.join(uploadsDirOf(dataDir), "1"), { recursive: true });
    await writeFile(path.join(uploadsDirOf(dataDir), "1", ".half-written.partial"), "partial");
    await writeFile(path.join(uploadsDirOf(dataDir), "notes.txt"), "notes");
    for (const url of [
      "/images/uploads/..%2fsecret.txt",
      "/images/uploads/%2e%2e/secret.txt",
      "/images/uploads/1/..%2f..%2fsecret.txt",
      "/images/uploads/1/.half-written.partial",
      "/images/uploads/notes.txt",
      "/images/uploads/../../package.json",
      "/images/uploads/..%2f..%2fpackage.json",
      "/images/uploads/1/..%2f..%2f..%2fpackage.json",
      "/images/uploads/%2e%2e/%2e%2e/package.json",
      "/images/uploads/1/",
      "/images/uploads/1/0123456789abcdef.webp",
    ]) {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});

describe("venue file round trip with uploaded photos", () => {
  it("spec round trip: a store exported with an uploaded photo imports back when the uploads folder has it, and is refused path-precisely when it does not", async () => {
    const uploaded = await upload(admin, photoUrl(FIXTURE.twoBeers), await sidewaysJpeg(), "image/jpeg");
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photo = uploaded.json<ItemPhoto>().photo.slice("/images/".length);
    const exported = await server.app.inject({
      method: "GET",
      url: `/api/staff/stores/${FIXTURE.storeId}/venue-file`,
      headers: admin,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(`"photo":"${photo}"`);
    const file: unknown = exported.json();

    // Looked for where the server serves it from, not among the app's own images.
    const elsewhere = await importVenue(database.db, structuredClone(file), { imagesDir: FIXTURE_IMAGES_DIR });
    expect(elsewhere.ok).toBe(false);
    expect(JSON.stringify(elsewhere)).toContain(photo);

    const outcome = await importVenue(database.db, structuredClone(file), {
      imagesDir: FIXTURE_IMAGES_DIR,
      uploadsDir: uploadsDirOf(dataDir),
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(await storedPhoto(FIXTURE.twoBeers)).toBe(photo);
    expect(await menuPhoto(FIXTURE.twoBeers)).toBe(`/images/${photo}`);
  });
});
