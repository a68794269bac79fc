/**
 * The back office's spots: the store's tables, umbrellas, sunbeds, rooms and delivery links by
 * floor section, each with its type and capacity; add one (its id optional: the next free one),
 * edit a spot's name, type, capacity or section, and save the printable QR sheet of every spot or
 * of one. Every write carries an Idempotency-Key kept for the retry of the same change
 * (save-keys.ts); an edit names the spot's version, so a change made meanwhile by another admin is
 * refused and the list is read again. A refusal naming a field is shown beside it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { fieldOfSpotRefusal, type SpotField } from "../../../domain/spot-refusal";
import { SPOT_TYPES, type SpotType } from "../../../domain/spots";
import type { SpotCreate, SpotEdit, StaffSpot, StaffSpots } from "../../../domain/staff-spots-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";
import { addSpot, editSpot, fetchQrSheet, fetchSpots } from "./back-office-api";
import { ReadPending } from "./ReadPending";
import { saveAsFile } from "./save-as-file";
import { SaveKeys } from "./save-keys";
import { readSaveFailure } from "./save-outcome";

type Shown = { tone: "error" | "success"; text: ErrorText } | null;
type FieldErrors = Partial<Record<SpotField, string>>;

const SPOT_TYPE_LABEL: Record<SpotType, MessageDescriptor> = {
  TABLE: msg`Table`,
  TABLE_AT_HOTEL: msg`Table at the hotel`,
  BEACH_CHAIR: msg`Sunbed`,
  UMBRELLA_AT_HOTEL: msg`Umbrella at the hotel`,
  HOTEL_ROOM: msg`Hotel room`,
  DELIVERY: msg`Delivery`,
  DELIVERY_TABLE: msg`Delivery to a table`,
};

/** A spot's fields as typed; capacity as text until it is read. */
interface SpotDraft {
  name: string;
  type: SpotType;
  capacity: string;
  section: string;
}

export function SpotsScreen({ storeId }: { storeId: number }) {
  const { t } = useLingui();
  const [spots, setSpots] = useState<StaffSpots | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [message, setMessage] = useState<Shown>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new SaveKeys());

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setSpots(await fetchSpots(storeId));
    } catch (error) {
      setLoadError(errorTextOf(error));
    }
  }, [storeId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** One write: its key kept until a definite answer; the list read again after it. Answers the field errors. */
  async function write(
    kind: string,
    body: unknown,
    send: (key: string) => Promise<StaffSpot>,
  ): Promise<FieldErrors | null> {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await send(keys.current.keyFor(kind, body));
      keys.current.forget(kind);
      setMessage({ tone: "success", text: { verbatim: t`Saved: ${saved.name}.` } });
      await load();
      return null;
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, "SPOT_CHANGED");
      if (failure.kind !== "unanswered") keys.current.forget(kind);
      if (failure.kind === "changed") {
        setMessage({
          tone: "error",
          text: { verbatim: t`Changed meanwhile by another admin: here is the list as it is now.` },
        });
        await load();
        return {};
      }
      if (failure.kind === "unanswered") {
        setMessage({ tone: "error", text: { verbatim: t`Not saved: no answer from the server. Try again.` } });
        return {};
      }
      const { code, message: said } = failure.error;
      const field = code === "SPOT_ID_TAKEN" ? "id" : code === "VALIDATION_FAILED" ? fieldOfSpotRefusal(said) : null;
      if (field === null) {
        setMessage({ tone: "error", text: errorTextOf(failure.error) });
        return {};
      }
      return {
        [field]:
          code === "SPOT_ID_TAKEN"
            ? t`This id is already a spot's: choose another or leave it empty.`
            : t`Refused: ${said}`,
      };
    } finally {
      setBusy(false);
    }
  }

  async function download(spotId?: number) {
    setMessage(null);
    try {
      const sheet = await fetchQrSheet(storeId, spotId);
      saveAsFile(sheet.blob, sheet.fileName ?? "qr-sheet.html");
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
    }
  }

  if (spots === null) {
    return <ReadPending error={loadError} onRetry={() => void load()} />;
  }

  const sections = [...spots.sections, ...spots.spots.map((spot) => spot.section)].filter(
    (section, index, all) => all.indexOf(section) === index,
  );

  return (
    <div className="back-office__columns">
      <section className="back-office__list" aria-labelledby="back-office-spots-list">
        <h2 id="back-office-spots-list">
          <Trans>The store's spots</Trans>
        </h2>
        <button type="button" className="button button--quiet" onClick={() => void download()}>
          <Trans>QR sheet of every spot</Trans>
        </button>
        <AccountMessage message={message} />
        <datalist id="back-office-sections">
          {sections
            .filter((section) => section !== "")
            .map((section) => (
              <option key={section} value={section} />
            ))}
        </datalist>
        {sections.map((section) => {
          const inSection = spots.spots.filter((spot) => spot.section === section);
          if (inSection.length === 0) return null;
          const headingId = `spot-section-${sections.indexOf(section)}`;
          return (
            <div key={section}>
              <h3 id={headingId}>{section === "" ? t`No section` : section}</h3>
              <ul className="back-office__spots" aria-labelledby={headingId}>
                {inSection.map((spot) => (
                  <SpotCard
                    key={`${spot.spotId}-${spot.version}`}
                    spot={spot}
                    busy={busy}
                    onSave={(edit) =>
                      write(`edit-${spot.spotId}`, edit, (key) => editSpot(storeId, spot.spotId, edit, key))
                    }
                    onQrSheet={() => void download(spot.spotId)}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </section>
      <section className="back-office__detail" aria-labelledby="back-office-spots-add">
        <h2 id="back-office-spots-add">
          <Trans>Add a spot</Trans>
        </h2>
        <AddSpotForm busy={busy} onAdd={(spot) => write("add", spot, (key) => addSpot(storeId, spot, key))} />
      </section>
    </div>
  );
}

function draftOf(spot: StaffSpot): SpotDraft {
  return { name: spot.name, type: spot.type, capacity: String(spot.capacity), section: spot.section };
}

/** The typed fields read, or the errors of the ones that cannot be sent. */
function readSpotDraft(
  draft: SpotDraft,
  t: (descriptor: MessageDescriptor) => string,
): { ok: true; name: string; capacity: number; section: string } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = t(msg`Type the spot's name.`);
  else if (name.length > 80) errors.name = t(msg`A spot's name is at most 80 characters.`);
  const capacity = draft.capacity.trim() === "" ? 0 : Number(draft.capacity.trim());
  if (!Number.isInteger(capacity) || capacity < 0 || capacity > 1000) {
    errors.capacity = t(msg`Capacity: a whole number from 0 to 1000.`);
  }
  const section = draft.section.trim();
  if (section.length > 80) errors.section = t(msg`A section's name is at most 80 characters.`);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, name, capacity, section };
}

function SpotFields({
  prefix,
  draft,
  errors,
  onChange,
}: {
  prefix: string;
  draft: SpotDraft;
  errors: FieldErrors;
  onChange: (draft: SpotDraft) => void;
}) {
  const { i18n } = useLingui();
  const described = (field: SpotField) =>
    errors[field] === undefined
      ? { id: `${prefix}-${field}` }
      : { id: `${prefix}-${field}`, "aria-invalid": "true" as const, "aria-describedby": `${prefix}-${field}-error` };
  const fieldError = (field: SpotField) =>
    errors[field] === undefined ? null : (
      <p id={`${prefix}-${field}-error`} className="back-office__field-error">
        {errors[field]}
      </p>
    );
  return (
    <>
      <div className="back-office__field">
        <label htmlFor={`${prefix}-name`}>
          <Trans>Name</Trans>
        </label>
        <input
          {...described("name")}
          type="text"
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
        {fieldError("name")}
      </div>
      <div className="back-office__field">
        <label htmlFor={`${prefix}-type`}>
          <Trans>Type</Trans>
        </label>
        <select
          {...described("type")}
          value={draft.type}
          onChange={(event) => onChange({ ...draft, type: event.target.value as SpotType })}
        >
          {SPOT_TYPES.map((type) => (
            <option key={type} value={type}>
              {i18n._(SPOT_TYPE_LABEL[type])}
            </option>
          ))}
        </select>
        {fieldError("type")}
      </div>
      <div className="back-office__field">
        <label htmlFor={`${prefix}-capacity`}>
          <Trans>Capacity (people)</Trans>
        </label>
        <input
          {...described("capacity")}
          type="text"
          inputMode="numeric"
          value={draft.capacity}
          onChange={(event) => onChange({ ...draft, capacity: event.target.value })}
        />
        {fieldError("capacity")}
      </div>
      <div className="back-office__field">
        <label htmlFor={`${prefix}-section`}>
          <Trans>Section</Trans>
        </label>
        <input
          {...described("section")}
          type="text"
          list="back-office-sections"
          value={draft.section}
          onChange={(event) => onChange({ ...draft, section: event.target.value })}
        />
        {fieldError("section")}
      </div>
    </>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function SpotCard({
  spot,
  busy,
  onSave,
  onQrSheet,
}: {
  spot: StaffSpot;
  busy: boolean;
  onSave: (edit: SpotEdit) => Promise<FieldErrors | null>;
  onQrSheet: () => void;
}) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(spot));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = `spot-${spot.spotId}`;

  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [errors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readSpotDraft(draft, (descriptor) => i18n._(descriptor));
    if (!reading.ok) {
      setErrors(reading.errors);
      return;
    }
    const edit: SpotEdit = {
      version: spot.version,
      ...(reading.name !== spot.name ? { name: reading.name } : {}),
      ...(draft.type !== spot.type ? { type: draft.type } : {}),
      ...(reading.capacity !== spot.capacity ? { capacity: reading.capacity } : {}),
      ...(reading.section !== spot.section ? { section: reading.section } : {}),
    };
    if (Object.keys(edit).length === 1) return;
    setErrors({});
    const refused = await onSave(edit);
    if (refused !== null) setErrors(refused);
  }

  return (
    <li className="card back-office__member">
      <form ref={formRef} onSubmit={(event) => void submit(event)} aria-label={t`Spot ${spot.name}`} noValidate>
        <p className="back-office__status">
          <Trans>
            Spot {spot.spotId}: {i18n._(SPOT_TYPE_LABEL[spot.type])}, {spot.capacity} people
          </Trans>
        </p>
        <SpotFields prefix={prefix} draft={draft} errors={errors} onChange={setDraft} />
        <div className="back-office__actions">
          <button type="submit" className="button" disabled={busy}>
            <Trans>Save</Trans>
          </button>
          <button type="button" className="button button--quiet" onClick={onQrSheet}>
            <Trans>QR sheet of {spot.name}</Trans>
          </button>
        </div>
      </form>
    </li>
  );
}

const EMPTY: SpotDraft = { name: "", type: "TABLE", capacity: "", section: "" };

function AddSpotForm({ busy, onAdd }: { busy: boolean; onAdd: (spot: SpotCreate) => Promise<FieldErrors | null> }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<SpotDraft>(EMPTY);
  const [id, setId] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [errors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readSpotDraft(draft, (descriptor) => i18n._(descriptor));
    const found: FieldErrors = reading.ok ? {} : { ...reading.errors };
    const typedId = id.trim();
    if (typedId !== "" && !/^[1-9]\d{0,8}$/.test(typedId))
      found.id = t`An id is a whole number from 1 (or leave it empty).`;
    if (!reading.ok || found.id !== undefined) {
      setErrors(found);
      return;
    }
    setErrors({});
    const spot: SpotCreate = {
      ...(typedId === "" ? {} : { id: Number(typedId) }),
      name: reading.name,
      type: draft.type,
      capacity: reading.capacity,
      section: reading.section,
    };
    const refused = await onAdd(spot);
    if (refused === null) {
      setDraft(EMPTY);
      setId("");
    } else setErrors(refused);
  }

  const idError = errors.id;
  return (
    <form ref={formRef} className="card back-office__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="back-office__field">
        <label htmlFor="new-spot-id">
          <Trans>Id (optional: empty takes the next free one)</Trans>
        </label>
        <input
          id="new-spot-id"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={id}
          onChange={(event) => setId(event.target.value)}
          {...(idError === undefined
            ? {}
            : { "aria-invalid": "true" as const, "aria-describedby": "new-spot-id-error" })}
        />
        {idError !== undefined && (
          <p id="new-spot-id-error" className="back-office__field-error">
            {idError}
          </p>
        )}
      </div>
      <SpotFields prefix="new-spot" draft={draft} errors={errors} onChange={setDraft} />
      <button type="submit" className="button" disabled={busy}>
        <Trans>Add the spot</Trans>
      </button>
    </form>
  );
}
