/**
 * A back-office form's save and what it shows, the same for every form that edits a versioned
 * thing: the form's own refusals and the server's beside their fields (the server may name several,
 * "path: message; path: message"), a notice above the buttons, "no answer" keeping the save's
 * Idempotency-Key for the same save sent again, and the current value when another admin changed it
 * meanwhile (read with `readCurrent`).
 */
import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { SaveKeys } from "./save-keys";
import { readSaveFailure } from "./save-outcome";

export interface SaveNotice {
  tone: "error" | "success";
  text: ErrorText;
}

export function useFormSave<Field extends string, Current>({
  changedCode,
  fieldOfRefusal,
  readCurrent,
}: {
  /** The 409 code of a change made meanwhile, e.g. ITEM_CHANGED. */
  changedCode: string;
  /** The form's field a server refusal's "path: message" names, or null. */
  fieldOfRefusal: (message: string) => Field | null;
  readCurrent: () => Promise<Current | null>;
}) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [unanswered, setUnanswered] = useState(false);
  const [current, setCurrent] = useState<Current | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(new SaveKeys()).current;
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirstError() {
    // After the errors render: the first field the form shows an error for takes the focus.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], [data-error-anchor]")?.focus(),
    );
  }

  /** Shows the refusals found before sending; true when there are none and the save may go. */
  function passes(found: Partial<Record<Field, string>>): boolean {
    setNotice(null);
    setErrors(found);
    const none = Object.keys(found).length === 0;
    if (!none) focusFirstError();
    return none;
  }

  function showRefusal(error: Awaited<ReturnType<typeof readSaveFailure>>["error"]) {
    const found: Partial<Record<Field, string>> = {};
    const parts = error.code === "VALIDATION_FAILED" ? error.message.split("; ") : [];
    const unplaced = parts.filter((part) => {
      const field = fieldOfRefusal(part);
      if (field !== null) found[field] = t`Refused: ${part}`;
      return field === null;
    });
    setErrors(found);
    if (parts.length === 0 || unplaced.length > 0) setNotice({ tone: "error", text: errorTextOf(error) });
    if (Object.keys(found).length > 0) focusFirstError();
  }

  /**
   * Runs `work` (the calls, each under `keys.keyFor` of one of `keyNames`, and what the form takes
   * from their answers), then says "saved" in `savedText`, or why not; true when saved.
   */
  async function save(keyNames: readonly string[], work: () => Promise<void>, savedText: string): Promise<boolean> {
    setBusy(true);
    try {
      await work();
      for (const name of keyNames) keys.forget(name);
      setUnanswered(false);
      setNotice({ tone: "success", text: { verbatim: savedText } });
      return true;
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, changedCode);
      if (failure.kind === "unanswered") {
        setUnanswered(true);
        return false;
      }
      setUnanswered(false);
      for (const name of keyNames) keys.forget(name);
      if (failure.kind === "changed") setCurrent(await readCurrent().catch(() => null));
      else showRefusal(failure.error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** What "Undo my changes" clears besides the form's fields. */
  function clearOutcome() {
    setErrors({});
    setUnanswered(false);
  }

  /** After the current value was taken as the form's base. */
  function currentTaken() {
    setCurrent(null);
    setErrors({});
    setNotice(null);
  }

  return {
    errors,
    setErrors,
    notice,
    setNotice,
    unanswered,
    current,
    setCurrent,
    busy,
    keys,
    formRef,
    passes,
    save,
    clearOutcome,
    currentTaken,
  };
}
