/**
 * Contact form (spec §5): name, e-mail and message, all mandatory; errors inline and in the guest's
 * language; sent to POST /api/info/contact with the last visited store. On failure nothing typed
 * is lost; on success the form empties and says so.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError } from "../../api/api-error";
import { errorText } from "../../api/error-catalogue";
import { sendContactMessage } from "../../api/requests";
import { lastVisitedStoreId } from "../../venue/last-store";
import {
  CONTACT_LIMITS,
  type ContactFieldError,
  type ContactFormErrors,
  type ContactFormValues,
  hasErrors,
  validateContactForm,
} from "./contact-form-rules";

type SendState = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "failed"; text: string };

const EMPTY: ContactFormValues = { name: "", email: "", message: "" };
const FIELD_ORDER: (keyof ContactFormValues)[] = ["name", "email", "message"];

export function ContactForm() {
  const { t, i18n } = useLingui();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [sendState, setSendState] = useState<SendState>({ kind: "idle" });

  function errorMessage(error: ContactFieldError | undefined): string | undefined {
    if (error === "required") return t`Please fill in this field`;
    if (error === "invalid-email") return t`Please enter a valid e-mail address, like name@example.com`;
    return undefined;
  }

  function update(field: keyof ContactFormValues, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    // Re-check a field once it has shown an error, so the message goes away as soon as it is fixed.
    if (errors[field]) setErrors(validateContactForm({ ...values, [field]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSendState({ kind: "sending" });
    try {
      const storeId = lastVisitedStoreId();
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        ...(storeId ? { storeId } : {}),
      });
      setValues(EMPTY);
      setSendState({ kind: "sent" });
    } catch (error) {
      const text = errorText(error instanceof ApiError ? error : { code: "UNKNOWN_ERROR", message: "" });
      setSendState({ kind: "failed", text: "verbatim" in text ? text.verbatim : i18n._(text.descriptor) });
    }
  }

  const field = (name: keyof ContactFormValues) => {
    const error = errorMessage(errors[name]);
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      maxLength: CONTACT_LIMITS[name],
      required: true,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-${name}-error` : undefined,
      error,
    };
  };
  const nameField = field("name");
  const emailField = field("email");
  const messageField = field("message");

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-field">
        <label htmlFor={nameField.id}>
          <Trans>Name</Trans>
        </label>
        <input
          {...withoutError(nameField)}
          type="text"
          autoComplete="name"
          onChange={(event) => update("name", event.target.value)}
        />
        <FieldError id={`${id}-name-error`} message={nameField.error} />
      </div>
      <div className="form-field">
        <label htmlFor={emailField.id}>
          <Trans>E-mail</Trans>
        </label>
        <input
          {...withoutError(emailField)}
          type="email"
          inputMode="email"
          autoComplete="email"
          onChange={(event) => update("email", event.target.value)}
        />
        <FieldError id={`${id}-email-error`} message={emailField.error} />
      </div>
      <div className="form-field">
        <label htmlFor={messageField.id}>
          <Trans>Message</Trans>
        </label>
        <textarea
          {...withoutError(messageField)}
          rows={6}
          onChange={(event) => update("message", event.target.value)}
        />
        <FieldError id={`${id}-message-error`} message={messageField.error} />
      </div>

      <div role="status" className="contact-form__status">
        {sendState.kind === "sent" && (
          <p className="notice notice--success">
            <Trans>Thank you! Your message has been sent and we will answer by e-mail.</Trans>
          </p>
        )}
        {sendState.kind === "failed" && (
          <p className="notice notice--error">
            <strong>
              <Trans>Your message was not sent.</Trans>
            </strong>{" "}
            {sendState.text}. <Trans>What you typed is still here.</Trans>
          </p>
        )}
      </div>

      <button type="submit" className="button" disabled={sendState.kind === "sending"}>
        {sendState.kind === "sending" ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
      </button>
    </form>
  );
}

function withoutError<T extends { error?: string }>({ error: _error, ...rest }: T): Omit<T, "error"> {
  return rest;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-field__error">
      {message}
    </p>
  );
}
