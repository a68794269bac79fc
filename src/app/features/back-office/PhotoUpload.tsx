/**
 * The item's photo in the back office: the one guests see, a file picker that uploads a new
 * one (the file itself, in its own type) and a button that removes it (no confirmation: the audit
 * list records it, and an upload puts one back). A file the server would refuse (over 8 MB, not a
 * JPEG, PNG or WebP, an SVG) is refused here with a message before anything is sent. The key of an
 * upload or a removal without an answer is kept for its retry (save-keys.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { checkPhotoFile, PHOTO_TYPES, type PhotoRefusal } from "../../../domain/photo-upload";
import { errorTextOf, renderErrorText } from "../../api/error-catalogue";
import { photoUrl } from "../../venue/photo-url";
import { removeItemPhoto, uploadItemPhoto } from "./back-office-api";
import { SaveKeys } from "./save-keys";
import { readSaveFailure } from "./save-outcome";

export interface PhotoUploadProps {
  storeId: number;
  itemId: number;
  /** What the photo shows, for its text alternative. */
  itemName: string;
  photo: string | null;
  /** The photo the item shows now: the uploaded one, or null once removed. */
  onUploaded: (photo: string | null) => void;
}

export function PhotoUpload({ storeId, itemId, itemName, photo, onUploaded }: PhotoUploadProps) {
  const { t, i18n } = useLingui();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<File | null>(null);
  const keys = useRef(new SaveKeys());
  const picker = useRef<HTMLInputElement>(null);
  const [focusPicker, setFocusPicker] = useState(false);

  // The button pressed is gone with the photo: the keyboard goes on from the file picker, once it
  // is enabled again.
  useEffect(() => {
    if (focusPicker && !busy) {
      picker.current?.focus();
      setFocusPicker(false);
    }
  }, [focusPicker, busy]);
  const inputId = `item-${itemId}-photo`;
  const messageId = `${inputId}-message`;

  const refusalText = (refusal: PhotoRefusal): string => {
    switch (refusal) {
      case "too-large":
        return t`This file is larger than 8 MB: choose a smaller photo.`;
      case "not-a-photo":
        return t`Choose a JPEG, PNG or WebP photo (an SVG or another kind of file is not accepted).`;
      case "empty":
        return t`This file is empty.`;
    }
  };

  async function upload(file: File) {
    const refusal = checkPhotoFile(file);
    if (refusal !== null) {
      setMessage({ tone: "error", text: refusalText(refusal) });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      // The same file again is the same upload: its key is kept until a definite answer.
      const key = keys.current.keyFor("photo", { name: file.name, size: file.size, modified: file.lastModified });
      const answer = await uploadItemPhoto(storeId, itemId, file, key);
      keys.current.forget("photo");
      setFailed(null);
      setMessage({ tone: "success", text: t`Photo uploaded.` });
      onUploaded(answer.photo);
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, "");
      if (failure.kind === "unanswered") setFailed(file);
      else {
        keys.current.forget("photo");
        setFailed(null);
      }
      setMessage({ tone: "error", text: renderErrorText(errorTextOf(failure.error), (d) => i18n._(d)) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setMessage(null);
    try {
      // Pressed again after no answer, it is the same removal under the same key.
      const key = keys.current.keyFor("remove-photo", { itemId });
      await removeItemPhoto(storeId, itemId, key);
      keys.current.forget("remove-photo");
      setMessage({ tone: "success", text: t`Photo removed.` });
      onUploaded(null);
      setFocusPicker(true);
    } catch (thrown) {
      const failure = await readSaveFailure(thrown, "");
      if (failure.kind !== "unanswered") keys.current.forget("remove-photo");
      setMessage({ tone: "error", text: renderErrorText(errorTextOf(failure.error), (d) => i18n._(d)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="back-office__group back-office__photo">
      <legend>
        <Trans>Photo</Trans>
      </legend>
      {photo === null ? (
        <p>
          <Trans>No photo yet.</Trans>
        </p>
      ) : (
        <>
          <img src={photoUrl(photo)} alt={itemName} width={160} height={120} />
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => void remove()}>
            <Trans>Remove photo</Trans>
          </button>
        </>
      )}
      <div className="back-office__field">
        <label htmlFor={inputId}>
          <Trans>Upload a new photo (JPEG, PNG or WebP, at most 8 MB)</Trans>
        </label>
        <input
          ref={picker}
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(",")}
          disabled={busy}
          aria-describedby={message === null ? undefined : messageId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file !== undefined) void upload(file);
          }}
        />
      </div>
      <div role={message?.tone === "error" ? "alert" : "status"}>
        {message && (
          <p id={messageId} className={message.tone === "error" ? "back-office__field-error" : undefined}>
            {message.text}
          </p>
        )}
      </div>
      {failed !== null && (
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => void upload(failed)}>
          <Trans>Try the upload again</Trans>
        </button>
      )}
    </fieldset>
  );
}
