/**
 * The back office's staff: the store's waiters and admins; add one (name, role, optional PIN),
 * rename, change the role, deactivate (after a confirmation), reset the PIN. A PIN the server
 * gives back is shown once, in a dialog closed by "I wrote it down": it is never shown again.
 * Every write carries an Idempotency-Key kept for the retry of the same change (save-keys.ts); an
 * edit names the member's version, so a change made meanwhile by another admin is refused.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { StaffMemberRow, StaffRoleName } from "../../../domain/staff-admin-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";
import { Dialog } from "../shell/Dialog";
import { addStaffMember, editStaffMember, fetchStaff, resetStaffPin } from "./back-office-api";
import { ReadPending } from "./ReadPending";
import { SaveKeys } from "./save-keys";
import { readSaveFailure } from "./save-outcome";

type Shown = { tone: "error" | "success"; text: ErrorText } | null;

export function StaffScreen({ storeId }: { storeId: number }) {
  const { t } = useLingui();
  const [staff, setStaff] = useState<StaffMemberRow[] | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [message, setMessage] = useState<Shown>(null);
  const [pinShown, setPinShown] = useState<{ name: string; pin: string } | null>(null);
  const [confirming, setConfirming] = useState<StaffMemberRow | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new SaveKeys());

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setStaff((await fetchStaff(storeId)).staff);
    } catch (error) {
      setLoadError(errorTextOf(error));
    }
  }, [storeId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** One write: its key kept until a definite answer; the list read again after it. */
  async function write<T>(kind: string, body: unknown, send: (key: string) => Promise<T>): Promise<T | null> {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await send(keys.current.keyFor(kind, body));
      keys.current.forget(kind);
      await load();
      return answer;
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, "STAFF_CHANGED");
      if (failure.kind !== "unanswered") keys.current.forget(kind);
      if (failure.kind === "changed") {
        setMessage({
          tone: "error",
          text: { verbatim: t`Changed meanwhile by another admin: here is the list as it is now.` },
        });
        await load();
      } else if (failure.kind === "unanswered") {
        setMessage({ tone: "error", text: { verbatim: t`Not saved: no answer from the server. Try again.` } });
      } else {
        setMessage({ tone: "error", text: errorTextOf(failure.error) });
      }
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function add(member: { name: string; role: StaffRoleName; pin?: string }): Promise<boolean> {
    const created = await write("add", member, (key) => addStaffMember(storeId, member, key));
    if (created === null) return false;
    setPinShown({ name: created.member.name, pin: created.pin });
    return true;
  }

  const edit = (member: StaffMemberRow, change: { name?: string; role?: StaffRoleName; active?: boolean }) => {
    const body = { version: member.version, ...change };
    return write(`edit-${member.userId}`, body, (key) => editStaffMember(storeId, member.userId, body, key));
  };

  async function resetPin(member: StaffMemberRow) {
    const issued = await write(`pin-${member.userId}`, {}, (key) => resetStaffPin(storeId, member.userId, key));
    if (issued !== null) setPinShown({ name: member.name, pin: issued.pin });
  }

  if (staff === null) {
    return <ReadPending error={loadError} onRetry={() => void load()} />;
  }

  return (
    <div className="back-office__columns">
      <section className="back-office__list" aria-labelledby="back-office-staff-list">
        <h2 id="back-office-staff-list">
          <Trans>The store's staff</Trans>
        </h2>
        <AccountMessage message={message} />
        <ul className="back-office__staff">
          {staff.map((member) => (
            <StaffMemberCard
              key={`${member.userId}-${member.version}`}
              member={member}
              busy={busy}
              onEdit={(change) => void edit(member, change)}
              onDeactivate={() => setConfirming(member)}
              onResetPin={() => void resetPin(member)}
            />
          ))}
        </ul>
      </section>
      <section className="back-office__detail" aria-labelledby="back-office-staff-add">
        <h2 id="back-office-staff-add">
          <Trans>Add a staff member</Trans>
        </h2>
        <AddStaffForm busy={busy} onAdd={add} />
      </section>

      {pinShown !== null && (
        <Dialog title={t`PIN of ${pinShown.name}`} closeLabel={t`I wrote it down`} onClose={() => setPinShown(null)}>
          <p>
            <Trans>Write this PIN down and give it to {pinShown.name}: it is shown only now.</Trans>
          </p>
          <p className="back-office__pin" data-testid="shown-pin">
            {pinShown.pin}
          </p>
          <button type="button" className="button" data-autofocus onClick={() => setPinShown(null)}>
            <Trans>I wrote it down</Trans>
          </button>
        </Dialog>
      )}

      {confirming !== null && (
        <Dialog title={t`Deactivate ${confirming.name}?`} closeLabel={t`Cancel`} onClose={() => setConfirming(null)}>
          <p>
            <Trans>{confirming.name} will no longer be able to sign in.</Trans>
          </p>
          <div className="back-office__actions">
            <button
              type="button"
              className="button"
              data-autofocus
              onClick={() => {
                const member = confirming;
                setConfirming(null);
                void edit(member, { active: false });
              }}
            >
              <Trans>Deactivate</Trans>
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(null)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

function StaffMemberCard({
  member,
  busy,
  onEdit,
  onDeactivate,
  onResetPin,
}: {
  member: StaffMemberRow;
  busy: boolean;
  onEdit: (change: { name?: string; role?: StaffRoleName; active?: boolean }) => void;
  onDeactivate: () => void;
  onResetPin: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(member.name);
  const [role, setRole] = useState<StaffRoleName>(member.role);
  const id = `staff-${member.userId}`;
  const trimmed = name.trim();
  const changed = (trimmed !== member.name && trimmed !== "") || role !== member.role;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    onEdit({
      ...(trimmed !== member.name ? { name: trimmed } : {}),
      ...(role !== member.role ? { role } : {}),
    });
  }

  return (
    <li className="card back-office__member">
      <form onSubmit={submit} aria-label={t`Staff member ${member.name}`}>
        <div className="back-office__field">
          <label htmlFor={`${id}-name`}>
            <Trans>Name</Trans>
          </label>
          <input id={`${id}-name`} type="text" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="back-office__field">
          <label htmlFor={`${id}-role`}>
            <Trans>Role</Trans>
          </label>
          <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRoleName)}>
            <option value="waiter">{t`Waiter`}</option>
            <option value="admin">{t`Admin`}</option>
          </select>
        </div>
        <p className="back-office__status">{member.active ? <Trans>Active</Trans> : <Trans>Deactivated</Trans>}</p>
        <div className="back-office__actions">
          <button type="submit" className="button" disabled={busy || !changed}>
            <Trans>Save</Trans>
          </button>
          <button type="button" className="button button--quiet" disabled={busy} onClick={onResetPin}>
            <Trans>Reset PIN</Trans>
          </button>
          {member.active ? (
            <button type="button" className="button button--quiet" disabled={busy} onClick={onDeactivate}>
              <Trans>Deactivate</Trans>
            </button>
          ) : (
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => onEdit({ active: true })}
            >
              <Trans>Reactivate</Trans>
            </button>
          )}
        </div>
      </form>
    </li>
  );
}

function AddStaffForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (member: { name: string; role: StaffRoleName; pin?: string }) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRoleName>("waiter");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<{ field: "name" | "pin"; text: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") {
      setError({ field: "name", text: t`Type the staff member's name.` });
      nameRef.current?.focus();
      return;
    }
    if (pin !== "" && !/^\d{4,8}$/.test(pin)) {
      setError({ field: "pin", text: t`A PIN is 4 to 8 digits (or leave it empty for one to be made).` });
      pinRef.current?.focus();
      return;
    }
    setError(null);
    const added = await onAdd({ name: name.trim(), role, ...(pin === "" ? {} : { pin }) });
    if (added) {
      setName("");
      setPin("");
      setRole("waiter");
    }
  }

  const described = (field: "name" | "pin") =>
    error?.field === field ? { "aria-invalid": "true" as const, "aria-describedby": `new-staff-${field}-error` } : {};

  return (
    <form className="card back-office__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="back-office__field">
        <label htmlFor="new-staff-name">
          <Trans>Name</Trans>
        </label>
        <input
          ref={nameRef}
          id="new-staff-name"
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...described("name")}
        />
        {error?.field === "name" && (
          <p id="new-staff-name-error" className="back-office__field-error">
            {error.text}
          </p>
        )}
      </div>
      <div className="back-office__field">
        <label htmlFor="new-staff-role">
          <Trans>Role</Trans>
        </label>
        <select id="new-staff-role" value={role} onChange={(event) => setRole(event.target.value as StaffRoleName)}>
          <option value="waiter">{t`Waiter`}</option>
          <option value="admin">{t`Admin`}</option>
        </select>
      </div>
      <div className="back-office__field">
        <label htmlFor="new-staff-pin">
          <Trans>PIN (optional: empty makes one)</Trans>
        </label>
        <input
          ref={pinRef}
          id="new-staff-pin"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          {...described("pin")}
        />
        {error?.field === "pin" && (
          <p id="new-staff-pin-error" className="back-office__field-error">
            {error.text}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={busy}>
        <Trans>Add</Trans>
      </button>
    </form>
  );
}
