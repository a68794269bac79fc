import { freshGreekMobile, readCode, signInByApi, storeSessionInBrowser } from "./support/accounts";
import { expect, test } from "./support/test";

// Demo data (venues/demo/beach-hotel.json): store 7, umbrella 7201 (a guest's spot), PDA spot 7499
// (a staff device), waiter PIN 2580.

test("spec §2 entrance: a guest signs in by phone with the SMS code, edits the profile and signs out", async ({
  page,
  request,
}) => {
  const phone = freshGreekMobile();
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await expect(dialog).toBeVisible();
  // A guest's device has no PIN option (spec §2: staff devices only).
  await expect(dialog.getByRole("button", { name: "Είσοδος με pin" })).toHaveCount(0);
  // Greece is the default country; an empty phone is refused in Greek.
  await expect(dialog.getByRole("combobox", { name: "Χώρα" })).toHaveValue("GR");
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Παρακαλώ πληκτρολογήστε τον αριθμό τηλεφώνου σας");

  await dialog.getByLabel("Κινητό τηλέφωνο").fill(phone.national);
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  const codeField = dialog.getByLabel("Κωδικός επαλήθευσης");
  await expect(codeField).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Επαλήθευση" })).toBeDisabled();
  await codeField.fill(await readCode(request, phone.e164));
  await dialog.getByRole("button", { name: "Επαλήθευση" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Επιτυχής είσοδος");
  await expect(dialog).toBeHidden();

  await page.getByRole("banner").getByRole("link", { name: "Το προφίλ μου" }).click();
  await expect(page).toHaveURL(/\/profile\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Το προφίλ μου" })).toBeVisible();
  // Shown with its country code, as people read it (a bare national number is ambiguous abroad).
  await expect(page.getByText(international(phone.national))).toBeVisible();

  await page.getByLabel("Όνομα").fill("Ελένη");
  await page.getByRole("button", { name: "Αποθήκευση αλλαγών" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Επιτυχής αλλαγή" })).toBeVisible();
  // The new name (and the rotated tokens) survive a reload.
  await page.reload();
  await expect(page.getByLabel("Όνομα")).toHaveValue("Ελένη");

  // Change of phone, with a code sent to the new number.
  const newPhone = freshGreekMobile();
  await page.getByRole("button", { name: "Αλλαγή τηλεφώνου" }).click();
  await page.getByLabel("Νέο κινητό τηλέφωνο").fill(newPhone.national);
  await page.getByRole("button", { name: "Αποστολή κωδικού" }).click();
  await page.getByLabel("Κωδικός επαλήθευσης").fill(await readCode(request, newPhone.e164));
  await page.getByRole("button", { name: "Αλλαγή τηλεφώνου" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Επιτυχής αλλαγή" })).toBeVisible();
  await expect(page.getByText(international(newPhone.national))).toBeVisible();

  const profilePath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Αποσύνδεση" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed out: the profile is guarded again (and the server revoked the tokens).
  await page.goto(profilePath);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Παραγγείλτε από εκεί που κάθεστε" })).toBeVisible();
});

test("spec §2 entrance: the sign-in dialog opens with Greece, and every country with its Greek name follows in the list", async ({
  page,
}) => {
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true }).click();
  const country = page.getByRole("dialog", { name: "Είσοδος" }).getByRole("combobox", { name: "Χώρα" });
  await expect(country).toHaveValue("GR");
  // The other countries' metadata and names arrive in a chunk of their own (phone-countries.ts).
  await expect.poll(() => country.locator("option").count()).toBeGreaterThan(200);
  await country.selectOption({ label: "Ηνωμένο Βασίλειο" });
  await expect(country).toHaveValue("GB");
  await expect(country.locator("option", { hasText: "Βόρεια Μακεδονία" })).toHaveCount(1);
});

test("spec §2 entrance: a code asked for again within the server's 60 s opens the code step, says when a new one can be asked, and the code already sent signs in", async ({
  page,
  request,
}) => {
  const phone = freshGreekMobile();
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await dialog.getByLabel("Κινητό τηλέφωνο").fill(phone.national);
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  const codeField = dialog.getByLabel("Κωδικός επαλήθευσης");
  await expect(codeField).toBeFocused();
  const firstCode = await readCode(request, phone.e164);

  // Back to the phone, and asked again at once: the server keeps codes to a number 60 s apart.
  await dialog.getByRole("button", { name: "Αλλαγή αριθμού" }).click();
  await expect(dialog.getByLabel("Κινητό τηλέφωνο")).toBeVisible();
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(codeField).toBeFocused();
  await expect(dialog.getByRole("status")).toHaveText(
    "Σας στείλαμε ήδη κωδικό σε αυτόν τον αριθμό πριν από λίγο: πληκτρολογήστε τον εδώ.",
  );
  await expect(dialog.getByTestId("resend-wait")).toHaveText(/^Μπορείτε να ζητήσετε νέο κωδικό σε (0:[0-5]\d|1:00)$/);
  await expect(dialog.getByRole("button", { name: "Αποστολή νέου κωδικού με SMS" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Λήψη του κωδικού με κλήση" })).toBeDisabled();

  await codeField.fill(firstCode);
  await dialog.getByRole("button", { name: "Επαλήθευση" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Επιτυχής είσοδος");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("link", { name: "Το προφίλ μου" })).toBeVisible();
});

test("the phone's back button closes the sign-in dialog and stays on the page; closed by its own button, it leaves no extra step behind", async ({
  page,
}) => {
  // The landing page first, so that "back" from the menu has somewhere to go.
  await page.goto("/");
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  const signIn = page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true });
  await signIn.click();
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/menu\/7201$/);
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();

  // Closed by its close button, it takes its history step off again: back then leaves the menu.
  await signIn.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Κλείσιμο" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/menu\/7201$/);
  const overlayStep = () => page.evaluate(() => (history.state as Record<string, unknown> | null)?.kymaOverlay ?? null);
  await expect.poll(overlayStep).toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("spec §2/§6 staff: a PDA spot makes a staff device, where a waiter signs in with the PIN", async ({ page }) => {
  await page.goto("/menu/7499");
  await page.getByRole("banner").getByRole("button", { name: "Είσοδος", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await dialog.getByRole("button", { name: "Είσοδος με pin" }).click();
  const pin = dialog.getByLabel("Pin");
  // The PIN field takes focus by itself (after 250 ms).
  await expect(pin).toBeFocused();
  await pin.fill("0000");
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Λάθος PIN");
  await pin.fill("2580");
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Είσοδος" })).toHaveCount(0);

  await page.goto("/pin");
  await expect(page.getByRole("heading", { level: 2, name: /Συνδεδεμένος\/η ως|Έχετε συνδεθεί/ })).toBeVisible();
});

test("spec §2 /pin: the staff page opens the PIN sign-in for the last visited store", async ({ page }) => {
  await page.goto("/menu/7201");
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.goto("/pin");
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await expect(dialog.getByLabel("Pin")).toBeFocused();
  // Not a staff device (the last spot was a guest's): no switch to phone sign-in.
  await expect(dialog.getByRole("button", { name: "Είσοδος με τηλέφωνο" })).toHaveCount(0);
  await dialog.getByLabel("Pin").fill("2580");
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 2, name: /Συνδεδεμένος\/η ως|Έχετε συνδεθεί/ })).toBeVisible();
});

test("spec §6: a guest deletes the account after confirming, and is signed out", async ({ page, request }) => {
  const session = await signInByApi(request);
  await page.goto("/");
  await storeSessionInBrowser(page, session);
  await page.goto(`/profile/${session.user.id}`);
  await page.getByRole("link", { name: "Διαγραφή λογαριασμού" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Διαγραφή λογαριασμού" })).toBeVisible();
  const remove = page.getByRole("button", { name: "Διαγραφή του λογαριασμού μου" });
  await expect(remove).toBeDisabled();
  await page.getByLabel("Καταλαβαίνω ότι αυτό δεν αναιρείται").check();
  await remove.click();
  await expect(page).toHaveURL(/\/$/);
  // The old tokens are dead on the server too.
  const refresh = await request.get("/api/authenticate/v2/tokens/validate/refresh", {
    headers: { authToken: session.authToken, jwt: session.jwt },
  });
  expect(refresh.status()).toBe(401);
});

/** A Greek mobile as the profile shows it: +30 691 234 5678. */
function international(national: string): string {
  return `+30 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
