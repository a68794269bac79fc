/** Contact form rules (spec §5: all fields mandatory, valid e-mail). */
export interface ContactFormValues {
  name: string;
  email: string;
  message: string;
}

export type ContactFieldError = "required" | "invalid-email";
export type ContactFormErrors = Partial<Record<keyof ContactFormValues, ContactFieldError>>;

export const CONTACT_LIMITS = { name: 200, email: 254, message: 5000 } as const;

// One @, something on each side, a dot in the domain, no spaces: what a person can mistype, not RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!values.name.trim()) errors.name = "required";
  if (!values.email.trim()) errors.email = "required";
  else if (!EMAIL.test(values.email.trim())) errors.email = "invalid-email";
  if (!values.message.trim()) errors.message = "required";
  return errors;
}

export function hasErrors(errors: ContactFormErrors): boolean {
  return Object.keys(errors).length > 0;
}
