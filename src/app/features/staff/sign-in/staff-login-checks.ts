/**
 * The checks the admin sign-in and reset forms make before calling (spec §5/§8: a valid e-mail,
 * EMPTY_EMAIL / INVALID_EMAIL; a password of at least 6, INVALID_PASSWORD; on reset the two
 * passwords must match, and the code has VERIFICATION_CODE_LENGTH digits). Pure: the codes name
 * the error-catalogue texts the screen shows.
 */

import { PASSWORD_MIN } from "../../../../domain/constants";
import { checkEmail } from "../../../../domain/email";

export const RESET_CODE_DIGITS = 6;

export type FormProblem =
  | "EMPTY_EMAIL"
  | "INVALID_EMAIL"
  | "INVALID_PASSWORD"
  | "PASSWORDS_DIFFER"
  | "INVALID_VERIFICATION_CODE";

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: FormProblem };

function passwordProblem(password: string): FormProblem | undefined {
  return [...password].length < PASSWORD_MIN || password.trim() === "" ? "INVALID_PASSWORD" : undefined;
}

export function checkSignIn(email: string, password: string): Checked<{ email: string; password: string }> {
  const checked = checkEmail(email);
  if (!checked.ok) return { ok: false, problem: checked.code };
  const problem = passwordProblem(password);
  return problem ? { ok: false, problem } : { ok: true, value: { email: checked.email, password } };
}

export function checkResetRequest(email: string): Checked<string> {
  const checked = checkEmail(email);
  return checked.ok ? { ok: true, value: checked.email } : { ok: false, problem: checked.code };
}

export function checkReset(
  email: string,
  code: string,
  password: string,
  repeated: string,
): Checked<{ email: string; verificationCode: string; password: string }> {
  const checked = checkEmail(email);
  if (!checked.ok) return { ok: false, problem: checked.code };
  const verificationCode = code.replace(/\s/g, "");
  if (!new RegExp(`^[0-9]{${RESET_CODE_DIGITS}}$`).test(verificationCode))
    return { ok: false, problem: "INVALID_VERIFICATION_CODE" };
  const problem = passwordProblem(password);
  if (problem) return { ok: false, problem };
  if (password !== repeated) return { ok: false, problem: "PASSWORDS_DIFFER" };
  return { ok: true, value: { email: checked.email, verificationCode, password } };
}
