/**
 * The entrance (sign-in) dialog (spec §2 "Entrance dialog", §4 "Entrance dialog", §5, §9).
 *
 * - closed -> OPEN -> open.entrance. In phone mode SUBMIT asks for a code (empty phone: "Please
 *   type your phone number"); the server's acceptance moves to open.verification. In PIN mode
 *   SUBMIT signs in with the PIN and the store (empty PIN: "Please type your pin").
 * - verification: VERIFY signs in with the code (ignored while the code is blank: the button is
 *   disabled too), CHANGE_NUMBER goes back to entrance, RESEND sends a new code by SMS or call.
 * - A code asked for again too soon (429 VERIFICATIONS_CODES_LIMIT_REACHED: codes to one number
 *   go 60 s apart, at most 5 per 10 minutes) still leaves the code already sent valid for 10
 *   minutes: the dialog goes to (or stays on) the code step, says so, and keeps RESEND off for as
 *   long as the server's Retry-After asked (`resendWait`).
 * - A sign-in stores the session (in the actor) and shows "Successful entrance"; after
 *   SUCCESS_CLOSE_PHONE_MS (500) or SUCCESS_CLOSE_PIN_MS (200) the dialog closes and emits
 *   `loggedIn` ("signals login done"); closed before that, it emits it as it closes.
 * - Closing slides the dialog out; DIALOG_RESET_MS (850) later messages, step and phone reset.
 *   Opening again during those 850 ms keeps what was typed (the guest changed their mind).
 * - PIN mode asks the field to take focus PIN_FOCUS_DELAY_MS (250) after it shows, once the
 *   dialog's slide-in has settled (`pinFocusRequest` counts the requests; the view focuses on change).
 * - The phone/PIN toggle exists only on staff devices (input.staffDevice).
 * Server errors go through the error catalogue (api/error-catalogue.ts).
 */
import { msg } from "@lingui/core/macro";
import { assign, cancel, emit, fromPromise, raise, setup } from "xstate";
import type { SessionResponse, VerificationChannel } from "../../domain/auth-api";
import {
  DIALOG_RESET_MS,
  PIN_FOCUS_DELAY_MS,
  SUCCESS_CLOSE_PHONE_MS,
  SUCCESS_CLOSE_PIN_MS,
} from "../../domain/constants";
import { loginWithCode, type PhoneDigits, requestEntranceCode, resendEntranceCode } from "../api/accounts";
import { ApiError } from "../api/api-error";
import { type ErrorText, errorTextOf, SUCCESS_MESSAGES } from "../api/error-catalogue";
import { loginWithPinOnDevice } from "../api/staff-sign-in";
import { phoneDigits } from "../features/entrance/phone-digits";
import { type Session, sessionFromResponse, storeSession } from "../session/session";
import { ensureDeviceSecret } from "../session/staff-device-enrolment";

export type EntranceMode = "phone" | "pin";

export interface EntranceInput {
  /** Staff devices may switch to PIN sign-in; guests' devices only see the phone field. */
  staffDevice: boolean;
  /** Start in PIN mode (the /pin page, which any device may open; the toggle stays staff-only). */
  startWithPin?: boolean;
  /** The store of the last visited table: the code's SMS names it, PIN sign-in needs it. */
  storeId?: number | undefined;
  /** An order waits for sign-in: the button reads "Continue" and the header "Complete order". */
  orderOnHold?: boolean;
}

export interface EntranceMessage {
  tone: "error" | "success";
  text: ErrorText;
}

export interface EntranceContext {
  staffDevice: boolean;
  storeId: number | undefined;
  orderOnHold: boolean;
  mode: EntranceMode;
  /** What the phone field shows (E.164 as typed, "" when empty). */
  phoneValue: string;
  /** The selected country's dial code, digits only ("30"). */
  countryCode: string;
  pin: string;
  code: string;
  message: EntranceMessage | null;
  /** Increases each time the PIN field should take focus. */
  pinFocusRequest: number;
  /** The session of a successful sign-in, until the dialog has closed. */
  session: Session | null;
  /**
   * A new code may not be asked for yet: the wait the server gave, from when it gave it (a new
   * object each time, so the view restarts its countdown). Null when RESEND may go.
   */
  resendWait: { seconds: number } | null;
}

export type EntranceEvent =
  | { type: "OPEN"; orderOnHold?: boolean }
  | { type: "CLOSE" }
  | { type: "SET_PHONE"; value: string; countryCode: string }
  | { type: "SET_PIN"; pin: string }
  | { type: "SET_CODE"; code: string }
  | { type: "TOGGLE_MODE" }
  | { type: "SUBMIT" }
  | { type: "VERIFY" }
  | { type: "CHANGE_NUMBER" }
  | { type: "RESEND"; channel: VerificationChannel }
  | { type: "RESEND_WAIT_OVER" }
  | { type: "FOCUS_PIN" };

export type EntranceEmitted = { type: "loggedIn"; session: Session | null };

const EMPTY_PHONE_TEXT = msg`Please type your phone number`;
const EMPTY_PIN_TEXT = msg`Please type your pin`;
const CODE_ALREADY_SENT_TEXT = msg`We already sent a code to this number a short while ago: type it here.`;

/** Without a Retry-After, the shortest gap the server keeps between two codes to one number. */
const DEFAULT_RESEND_WAIT_SECONDS = 60;

/** The server refused to send because codes went to this number moments ago, so one is on its way. */
function codeAlreadySent(error: unknown): boolean {
  return error instanceof ApiError && error.code === "VERIFICATIONS_CODES_LIMIT_REACHED";
}

function resendWaitOf(error: unknown): { seconds: number } {
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return { seconds: seconds ?? DEFAULT_RESEND_WAIT_SECONDS };
}

const errorMessage = (error: unknown): EntranceMessage => ({ tone: "error", text: errorTextOf(error) });
const successMessage = (descriptor: (typeof SUCCESS_MESSAGES)[keyof typeof SUCCESS_MESSAGES]): EntranceMessage => ({
  tone: "success",
  text: { descriptor },
});

/** Signs in and keeps the session; answers it for the `loggedIn` event. */
async function signIn(call: Promise<SessionResponse>): Promise<Session> {
  const session = sessionFromResponse(await call);
  await storeSession(session);
  return session;
}

const initialFields = {
  phoneValue: "",
  pin: "",
  code: "",
  message: null,
  session: null,
  resendWait: null,
} satisfies Partial<EntranceContext>;

export const entranceMachine = setup({
  types: {
    context: {} as EntranceContext,
    events: {} as EntranceEvent,
    input: {} as EntranceInput,
    emitted: {} as EntranceEmitted,
  },
  delays: {
    RESET: DIALOG_RESET_MS,
    PIN_FOCUS: PIN_FOCUS_DELAY_MS,
    SUCCESS_CLOSE: ({ context }) => (context.mode === "pin" ? SUCCESS_CLOSE_PIN_MS : SUCCESS_CLOSE_PHONE_MS),
  },
  actors: {
    requestCode: fromPromise(({ input }: { input: { phone: PhoneDigits; storeId: number | undefined } }) =>
      requestEntranceCode(input.phone, input.storeId),
    ),
    resendCode: fromPromise(({ input }: { input: { phone: PhoneDigits; channel: VerificationChannel } }) =>
      resendEntranceCode(input.phone, input.channel),
    ),
    verifyCode: fromPromise(({ input }: { input: { phone: PhoneDigits; code: string } }) =>
      signIn(loginWithCode(input.phone, input.code)),
    ),
    // The device's enrolment goes with the PIN, so guesses on other phones never hold it back.
    signInWithPin: fromPromise(async ({ input }: { input: { pin: string; storeId: number } }) =>
      signIn(loginWithPinOnDevice(input.pin, input.storeId, await ensureDeviceSecret(input.storeId))),
    ),
  },
  guards: {
    isPinMode: ({ context }) => context.mode === "pin",
    phoneIsEmpty: ({ context }) => phoneDigits(context).phoneNumber === "",
    pinIsEmpty: ({ context }) => context.pin.trim() === "",
    codeIsBlank: ({ context }) => context.code.trim() === "",
    resendAllowed: ({ context }) => context.resendWait === null,
    canToggleMode: ({ context }) => context.staffDevice,
  },
  actions: {
    setPhone: assign((_, params: { value: string; countryCode: string }) => ({
      phoneValue: params.value,
      countryCode: params.countryCode,
    })),
    setPin: assign((_, params: { pin: string }) => ({ pin: params.pin })),
    // The code field takes digits only (spec §5: numeric code field).
    setCode: assign((_, params: { code: string }) => ({ code: params.code.replace(/\D/g, "") })),
    toggleMode: assign(({ context }) => ({
      mode: context.mode === "pin" ? ("phone" as const) : ("pin" as const),
      message: null,
    })),
    requestPinFocus: assign(({ context }) => ({ pinFocusRequest: context.pinFocusRequest + 1 })),
    showError: assign((_, params: { error: unknown }) => ({ message: errorMessage(params.error) })),
    showEmptyPhone: assign({ message: { tone: "error", text: { descriptor: EMPTY_PHONE_TEXT } } }),
    showEmptyPin: assign({ message: { tone: "error", text: { descriptor: EMPTY_PIN_TEXT } } }),
    showCodeSent: assign({ message: null, code: "" }),
    showNewCodeSent: assign({ message: successMessage(SUCCESS_MESSAGES.newCodeSent) }),
    showSuccess: assign({ message: successMessage(SUCCESS_MESSAGES.entrance) }),
    clearMessage: assign({ message: null }),
    // Both steps say the same: the code already sent is still good, and when a new one may be asked.
    showCodeAlreadySent: assign((_, params: { error: unknown }) => ({
      message: { tone: "success" as const, text: { descriptor: CODE_ALREADY_SENT_TEXT } },
      resendWait: resendWaitOf(params.error),
    })),
    scheduleResendWaitOver: raise(
      { type: "RESEND_WAIT_OVER" },
      { id: "resendWait", delay: ({ context }) => (context.resendWait?.seconds ?? 0) * 1000 },
    ),
    cancelResendWait: cancel("resendWait"),
    endResendWait: assign({ resendWait: null }),
    keepSession: assign((_, params: { session: Session }) => ({ session: params.session })),
    // After the success delay: the page then goes on (e.g. sends the order on hold).
    emitLoggedIn: emit((_, params: { session: Session | null }) => ({
      type: "loggedIn" as const,
      session: params.session,
    })),
    resetCodeAndMessage: assign({ code: "", message: null }),
    setOrderOnHold: assign((_, params: { orderOnHold: boolean | undefined }) => ({
      orderOnHold: params.orderOnHold ?? false,
    })),
    resetFields: assign(initialFields),
  },
}).createMachine({
  id: "entrance",
  context: ({ input }) => ({
    staffDevice: input.staffDevice,
    storeId: input.storeId,
    orderOnHold: input.orderOnHold ?? false,
    mode: input.startWithPin ? "pin" : "phone",
    countryCode: "30",
    pinFocusRequest: 0,
    ...initialFields,
  }),
  initial: "closed",
  states: {
    closed: {
      on: {
        OPEN: {
          target: "open",
          actions: { type: "setOrderOnHold", params: ({ event }) => ({ orderOnHold: event.orderOnHold }) },
        },
      },
    },
    open: {
      initial: "entrance",
      on: {
        CLOSE: "closing",
        SET_PIN: { actions: { type: "setPin", params: ({ event }) => event } },
        SET_CODE: { actions: { type: "setCode", params: ({ event }) => event } },
        FOCUS_PIN: { actions: "requestPinFocus" },
        RESEND_WAIT_OVER: { actions: "endResendWait" },
      },
      states: {
        entrance: {
          initial: "idle",
          on: {
            SET_PHONE: { actions: { type: "setPhone", params: ({ event }) => event } },
          },
          states: {
            idle: {
              initial: "settling",
              on: {
                TOGGLE_MODE: { guard: "canToggleMode", target: "idle", reenter: true, actions: "toggleMode" },
                SUBMIT: [{ guard: "isPinMode", target: "checkingPin" }, { target: "checkingPhone" }],
              },
              states: {
                // PIN mode: focus the field once the dialog (or the switched field) has settled.
                settling: {
                  always: { guard: ({ context }) => context.mode !== "pin", target: "ready" },
                  after: { PIN_FOCUS: { target: "ready", actions: "requestPinFocus" } },
                },
                ready: {},
              },
            },
            checkingPhone: {
              always: [
                { guard: "phoneIsEmpty", target: "idle.ready", actions: "showEmptyPhone" },
                { target: "sendingCode" },
              ],
            },
            checkingPin: {
              always: [
                { guard: "pinIsEmpty", target: "idle.ready", actions: "showEmptyPin" },
                { target: "signingInWithPin" },
              ],
            },
            sendingCode: {
              entry: "clearMessage",
              invoke: {
                src: "requestCode",
                input: ({ context }) => ({ phone: phoneDigits(context), storeId: context.storeId }),
                onDone: { target: "#entrance.open.verification", actions: "showCodeSent" },
                onError: [
                  {
                    guard: ({ event }) => codeAlreadySent(event.error),
                    target: "#entrance.open.verification",
                    actions: [
                      { type: "showCodeAlreadySent", params: ({ event }) => ({ error: event.error }) },
                      "cancelResendWait",
                      "scheduleResendWaitOver",
                    ],
                  },
                  {
                    target: "idle.ready",
                    actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            signingInWithPin: {
              entry: "clearMessage",
              invoke: {
                src: "signInWithPin",
                // No store known (no table opened on this device yet): the server answers the error.
                input: ({ context }) => ({ pin: context.pin.trim(), storeId: context.storeId ?? 0 }),
                onDone: {
                  target: "#entrance.open.success",
                  actions: ["showSuccess", { type: "keepSession", params: ({ event }) => ({ session: event.output }) }],
                },
                onError: {
                  target: "idle.ready",
                  actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        verification: {
          initial: "idle",
          on: {
            // Another number has waits of its own: this one's is the server's to enforce again.
            CHANGE_NUMBER: {
              target: "entrance.idle.ready",
              actions: ["resetCodeAndMessage", "cancelResendWait", "endResendWait"],
            },
          },
          states: {
            idle: {
              on: {
                VERIFY: { guard: ({ context }) => context.code.trim() !== "", target: "verifying" },
                RESEND: { guard: "resendAllowed", target: "resending" },
              },
            },
            resending: {
              entry: "clearMessage",
              invoke: {
                src: "resendCode",
                input: ({ context, event }) => ({
                  phone: phoneDigits(context),
                  channel: event.type === "RESEND" ? event.channel : "sms",
                }),
                onDone: { target: "idle", actions: "showNewCodeSent" },
                onError: [
                  {
                    guard: ({ event }) => codeAlreadySent(event.error),
                    target: "idle",
                    actions: [
                      { type: "showCodeAlreadySent", params: ({ event }) => ({ error: event.error }) },
                      "cancelResendWait",
                      "scheduleResendWaitOver",
                    ],
                  },
                  {
                    target: "idle",
                    actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            verifying: {
              entry: "clearMessage",
              invoke: {
                src: "verifyCode",
                input: ({ context }) => ({ phone: phoneDigits(context), code: context.code.trim() }),
                onDone: {
                  target: "#entrance.open.success",
                  actions: ["showSuccess", { type: "keepSession", params: ({ event }) => ({ session: event.output }) }],
                },
                onError: {
                  target: "idle",
                  actions: { type: "showError", params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        /** Signed in: "Successful entrance" shows briefly, then the dialog closes by itself. */
        success: {
          on: {
            // Already signed in: closed early (its button, Escape, the phone's back), it still says so.
            CLOSE: {
              target: "#entrance.closing",
              actions: { type: "emitLoggedIn", params: ({ context }) => ({ session: context.session }) },
            },
          },
          after: {
            SUCCESS_CLOSE: {
              target: "#entrance.closing",
              actions: { type: "emitLoggedIn", params: ({ context }) => ({ session: context.session }) },
            },
          },
        },
      },
    },
    /** Sliding out; the fields reset once it is out of sight. */
    closing: {
      on: {
        OPEN: {
          target: "open.entrance",
          actions: { type: "setOrderOnHold", params: ({ event }) => ({ orderOnHold: event.orderOnHold }) },
        },
      },
      after: { RESET: { target: "closed", actions: ["resetFields", "cancelResendWait"] } },
    },
  },
});
