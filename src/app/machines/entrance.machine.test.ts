import { describe, expect, test, vi } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  DIALOG_RESET_MS,
  PIN_FOCUS_DELAY_MS,
  SUCCESS_CLOSE_PHONE_MS,
  SUCCESS_CLOSE_PIN_MS,
} from "../../domain/constants";
import type { PhoneDigits } from "../api/accounts";
import { ApiError } from "../api/api-error";
import { phoneDigits } from "../features/entrance/phone-digits";
import type { Session } from "../session/session";
import { testSession } from "../session/test-session";
import { type EntranceInput, entranceMachine } from "./entrance.machine";

const sent = { channel: "sms" as const, expiresInSeconds: 600, resendAfterSeconds: 60 };

interface Fakes {
  requestCode?: (input: { phone: PhoneDigits; storeId: number | undefined }) => Promise<typeof sent>;
  resendCode?: (input: { phone: PhoneDigits; channel: "sms" | "call" }) => Promise<typeof sent>;
  verifyCode?: (input: { phone: PhoneDigits; code: string }) => Promise<Session>;
  signInWithPin?: (input: { pin: string; storeId: number }) => Promise<Session>;
}

function start(input: Partial<EntranceInput> = {}, fakes: Fakes = {}) {
  const calls = {
    requestCode: vi.fn(fakes.requestCode ?? (async () => sent)),
    resendCode: vi.fn(fakes.resendCode ?? (async () => sent)),
    verifyCode: vi.fn(fakes.verifyCode ?? (async () => testSession())),
    signInWithPin: vi.fn(fakes.signInWithPin ?? (async () => testSession())),
  };
  const machine = entranceMachine.provide({
    actors: {
      requestCode: fromPromise(({ input }) => calls.requestCode(input)),
      resendCode: fromPromise(({ input }) => calls.resendCode(input)),
      verifyCode: fromPromise(({ input }) => calls.verifyCode(input)),
      signInWithPin: fromPromise(({ input }) => calls.signInWithPin(input)),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { staffDevice: false, storeId: 7, ...input }, clock });
  const loggedIn = vi.fn();
  actor.on("loggedIn", loggedIn);
  actor.start();
  return { actor, clock, calls, loggedIn, context: () => actor.getSnapshot().context };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const greekPhone = { type: "SET_PHONE" as const, value: "+306912345678", countryCode: "30" };

async function toVerification(setup: ReturnType<typeof start>) {
  setup.actor.send({ type: "OPEN" });
  setup.actor.send(greekPhone);
  setup.actor.send({ type: "SUBMIT" });
  await settle();
  expect(setup.actor.getSnapshot().matches({ open: "verification" })).toBe(true);
}

describe("entrance dialog: phone (spec §2, §4, §5)", () => {
  test("sends the national digits and the dial code, then asks for the code", async () => {
    const setup = start();
    await toVerification(setup);
    expect(setup.calls.requestCode).toHaveBeenCalledWith({
      phone: { phoneNumber: "6912345678", countryCode: "30" },
      storeId: 7,
    });
  });

  test("an empty phone is not sent and says 'Please type your phone number'", () => {
    const { actor, calls, context } = start();
    actor.send({ type: "OPEN" });
    actor.send({ type: "SUBMIT" });
    expect(calls.requestCode).not.toHaveBeenCalled();
    expect(context().message).toEqual({
      tone: "error",
      text: { descriptor: expect.objectContaining({ message: "Please type your phone number" }) },
    });
    // Only the dial code typed is still empty.
    actor.send({ type: "SET_PHONE", value: "+30", countryCode: "30" });
    actor.send({ type: "SUBMIT" });
    expect(calls.requestCode).not.toHaveBeenCalled();
  });

  test("a refused phone stays on the entrance step with the catalogue's text", async () => {
    const { actor, context } = start(
      {},
      { requestCode: () => Promise.reject(new ApiError("INVALID_PHONE", "INVALID_PHONE", 400)) },
    );
    actor.send({ type: "OPEN" });
    actor.send(greekPhone);
    actor.send({ type: "SUBMIT" });
    await settle();
    expect(actor.getSnapshot().matches({ open: "entrance" })).toBe(true);
    expect(context().message?.text).toEqual({
      descriptor: expect.objectContaining({
        message: "Invalid phone number, check the country code via the flag icon",
      }),
    });
  });

  test("the code is digits only and VERIFY does nothing while it is blank", async () => {
    const setup = start();
    await toVerification(setup);
    setup.actor.send({ type: "SET_CODE", code: "  " });
    setup.actor.send({ type: "VERIFY" });
    expect(setup.calls.verifyCode).not.toHaveBeenCalled();
    setup.actor.send({ type: "SET_CODE", code: "12a34 56" });
    expect(setup.context().code).toBe("123456");
  });

  test("a right code signs in, shows success, and closes after 500 ms signalling login done", async () => {
    const setup = start();
    await toVerification(setup);
    setup.actor.send({ type: "SET_CODE", code: "123456" });
    setup.actor.send({ type: "VERIFY" });
    await settle();
    expect(setup.calls.verifyCode).toHaveBeenCalledWith({
      phone: { phoneNumber: "6912345678", countryCode: "30" },
      code: "123456",
    });
    expect(setup.actor.getSnapshot().matches({ open: "success" })).toBe(true);
    expect(setup.context().message).toEqual({
      tone: "success",
      text: { descriptor: expect.objectContaining({ message: "Successful entrance" }) },
    });
    setup.clock.increment(SUCCESS_CLOSE_PHONE_MS - 1);
    expect(setup.loggedIn).not.toHaveBeenCalled();
    setup.clock.increment(1);
    expect(setup.actor.getSnapshot().value).toBe("closing");
    expect(setup.loggedIn).toHaveBeenCalledWith({ type: "loggedIn", session: testSession() });
  });

  test("a wrong code keeps the step and shows the catalogue's text", async () => {
    const setup = start({}, { verifyCode: () => Promise.reject(new ApiError("INVALID_VERIFICATION_CODE", "x", 400)) });
    await toVerification(setup);
    setup.actor.send({ type: "SET_CODE", code: "000000" });
    setup.actor.send({ type: "VERIFY" });
    await settle();
    expect(setup.actor.getSnapshot().matches({ open: { verification: "idle" } })).toBe(true);
    expect(setup.context().message?.text).toEqual({
      descriptor: expect.objectContaining({ message: "The verification code is invalid or has expired" }),
    });
    expect(setup.loggedIn).not.toHaveBeenCalled();
  });

  test("a new code by SMS or by call says so; change number goes back to the phone", async () => {
    const setup = start();
    await toVerification(setup);
    setup.actor.send({ type: "RESEND", channel: "call" });
    await settle();
    expect(setup.calls.resendCode).toHaveBeenCalledWith({
      phone: { phoneNumber: "6912345678", countryCode: "30" },
      channel: "call",
    });
    expect(setup.context().message).toEqual({
      tone: "success",
      text: { descriptor: expect.objectContaining({ message: "Successfully sent new code" }) },
    });
    setup.actor.send({ type: "SET_CODE", code: "12" });
    setup.actor.send({ type: "CHANGE_NUMBER" });
    expect(setup.actor.getSnapshot().matches({ open: "entrance" })).toBe(true);
    expect(setup.context()).toMatchObject({ code: "", message: null, phoneValue: "+306912345678" });
  });

  test("a code asked for again too soon (429, Retry-After 42) goes to the code step: the code already sent is still valid", async () => {
    const tooSoon = new ApiError("VERIFICATIONS_CODES_LIMIT_REACHED", "wait", 429, undefined, 42);
    const setup = start({}, { requestCode: () => Promise.reject(tooSoon) });
    await toVerification(setup);
    expect(setup.context().message).toEqual({
      tone: "success",
      text: { descriptor: expect.objectContaining({ message: expect.stringMatching(/^We already sent a code/) }) },
    });
    expect(setup.context().resendWait).toEqual({ seconds: 42 });
    // The code that came by the first SMS signs in.
    setup.actor.send({ type: "SET_CODE", code: "123456" });
    setup.actor.send({ type: "VERIFY" });
    await settle();
    expect(setup.calls.verifyCode).toHaveBeenCalledWith({
      phone: { phoneNumber: "6912345678", countryCode: "30" },
      code: "123456",
    });
    expect(setup.actor.getSnapshot().matches({ open: "success" })).toBe(true);
  });

  test("while the server's wait lasts no new code is asked for; once it has passed, one may be", async () => {
    const tooSoon = new ApiError("VERIFICATIONS_CODES_LIMIT_REACHED", "wait", 429, undefined, 42);
    const setup = start({}, { requestCode: () => Promise.reject(tooSoon) });
    await toVerification(setup);
    setup.actor.send({ type: "RESEND", channel: "sms" });
    expect(setup.calls.resendCode).not.toHaveBeenCalled();
    setup.clock.increment(42_000 - 1);
    setup.actor.send({ type: "RESEND", channel: "sms" });
    expect(setup.calls.resendCode).not.toHaveBeenCalled();
    expect(setup.context().resendWait).toEqual({ seconds: 42 });
    setup.clock.increment(1);
    expect(setup.context().resendWait).toBeNull();
    setup.actor.send({ type: "RESEND", channel: "sms" });
    await settle();
    expect(setup.calls.resendCode).toHaveBeenCalledTimes(1);
  });

  test("a 429 without Retry-After waits the 60 s the server keeps between two codes to a number", async () => {
    const tooSoon = new ApiError("VERIFICATIONS_CODES_LIMIT_REACHED", "wait", 429);
    const setup = start({}, { requestCode: () => Promise.reject(tooSoon) });
    await toVerification(setup);
    expect(setup.context().resendWait).toEqual({ seconds: 60 });
  });

  test("a new code asked for too soon from the code step says the same and waits as the server asked", async () => {
    const tooSoon = new ApiError("VERIFICATIONS_CODES_LIMIT_REACHED", "wait", 429, undefined, 30);
    const setup = start({}, { resendCode: () => Promise.reject(tooSoon) });
    await toVerification(setup);
    setup.actor.send({ type: "RESEND", channel: "call" });
    await settle();
    expect(setup.actor.getSnapshot().matches({ open: { verification: "idle" } })).toBe(true);
    expect(setup.context().message?.text).toEqual({
      descriptor: expect.objectContaining({ message: expect.stringMatching(/^We already sent a code/) }),
    });
    expect(setup.context().resendWait).toEqual({ seconds: 30 });
  });

  test("other refusals to send (sending paused, too many numbers) stay on the phone step: no code was sent", async () => {
    const paused = new ApiError("CODE_SENDING_PAUSED", "paused", 429, undefined, 600);
    const { actor, context } = start({}, { requestCode: () => Promise.reject(paused) });
    actor.send({ type: "OPEN" });
    actor.send(greekPhone);
    actor.send({ type: "SUBMIT" });
    await settle();
    expect(actor.getSnapshot().matches({ open: "entrance" })).toBe(true);
    expect(context().message?.tone).toBe("error");
    expect(context().resendWait).toBeNull();
  });

  test("changing the number drops the wait: it was the other number's", async () => {
    const tooSoon = new ApiError("VERIFICATIONS_CODES_LIMIT_REACHED", "wait", 429, undefined, 42);
    const setup = start({}, { requestCode: () => Promise.reject(tooSoon) });
    await toVerification(setup);
    setup.actor.send({ type: "CHANGE_NUMBER" });
    expect(setup.context().resendWait).toBeNull();
  });

  test("closed while 'Successful entrance' shows (button, Escape, back), it still signals login done", async () => {
    const setup = start();
    await toVerification(setup);
    setup.actor.send({ type: "SET_CODE", code: "123456" });
    setup.actor.send({ type: "VERIFY" });
    await settle();
    setup.actor.send({ type: "CLOSE" });
    expect(setup.actor.getSnapshot().value).toBe("closing");
    expect(setup.loggedIn).toHaveBeenCalledWith({ type: "loggedIn", session: testSession() });
    setup.clock.increment(SUCCESS_CLOSE_PHONE_MS);
    expect(setup.loggedIn).toHaveBeenCalledTimes(1);
  });

  test("closing resets messages, step and phone 850 ms later", async () => {
    const setup = start();
    await toVerification(setup);
    setup.actor.send({ type: "RESEND", channel: "sms" });
    await settle();
    setup.actor.send({ type: "CLOSE" });
    expect(setup.actor.getSnapshot().value).toBe("closing");
    setup.clock.increment(DIALOG_RESET_MS - 1);
    expect(setup.context().phoneValue).toBe("+306912345678");
    setup.clock.increment(1);
    expect(setup.actor.getSnapshot().value).toBe("closed");
    expect(setup.context()).toMatchObject({ phoneValue: "", code: "", pin: "", message: null });
    setup.actor.send({ type: "OPEN" });
    expect(setup.actor.getSnapshot().matches({ open: "entrance" })).toBe(true);
  });

  test("reopening while it slides out keeps the typed phone", async () => {
    const { actor, clock, context } = start();
    actor.send({ type: "OPEN" });
    actor.send(greekPhone);
    actor.send({ type: "CLOSE" });
    clock.increment(DIALOG_RESET_MS / 2);
    actor.send({ type: "OPEN" });
    clock.increment(DIALOG_RESET_MS);
    expect(actor.getSnapshot().matches({ open: "entrance" })).toBe(true);
    expect(context().phoneValue).toBe("+306912345678");
  });

  test("keeps the order-on-hold flag of the opening (Continue / Complete order)", () => {
    const { actor, context } = start();
    actor.send({ type: "OPEN", orderOnHold: true });
    expect(context().orderOnHold).toBe(true);
    actor.send({ type: "CLOSE" });
    actor.send({ type: "OPEN" });
    expect(context().orderOnHold).toBe(false);
  });

  test("phone digits drop the dial code and any formatting", () => {
    expect(phoneDigits({ phoneValue: "+30 691 234 5678", countryCode: "30" })).toEqual({
      phoneNumber: "6912345678",
      countryCode: "30",
    });
    expect(phoneDigits({ phoneValue: "", countryCode: "30" })).toEqual({ phoneNumber: "", countryCode: "30" });
  });
});

describe("entrance dialog: PIN (spec §2 staff devices, §9 timings)", () => {
  test("a guest's device has no phone/PIN toggle", () => {
    const { actor, context } = start({ staffDevice: false });
    actor.send({ type: "OPEN" });
    actor.send({ type: "TOGGLE_MODE" });
    expect(context().mode).toBe("phone");
    // The /pin page starts in PIN mode on any device, still without the toggle.
    const pinPage = start({ staffDevice: false, startWithPin: true });
    pinPage.actor.send({ type: "OPEN" });
    pinPage.actor.send({ type: "TOGGLE_MODE" });
    expect(pinPage.context().mode).toBe("pin");
  });

  test("a staff device toggles between phone and PIN, and focuses the PIN field after 250 ms", () => {
    const { actor, clock, context } = start({ staffDevice: true });
    actor.send({ type: "OPEN" });
    actor.send({ type: "TOGGLE_MODE" });
    expect(context().mode).toBe("pin");
    clock.increment(PIN_FOCUS_DELAY_MS - 1);
    expect(context().pinFocusRequest).toBe(0);
    clock.increment(1);
    expect(context().pinFocusRequest).toBe(1);
    actor.send({ type: "TOGGLE_MODE" });
    expect(context().mode).toBe("phone");
    clock.increment(PIN_FOCUS_DELAY_MS);
    expect(context().pinFocusRequest).toBe(1);
  });

  test("an empty PIN says 'Please type your pin'", () => {
    const { actor, calls, context } = start({ staffDevice: true, startWithPin: true });
    actor.send({ type: "OPEN" });
    actor.send({ type: "SET_PIN", pin: " " });
    actor.send({ type: "SUBMIT" });
    expect(calls.signInWithPin).not.toHaveBeenCalled();
    expect(context().message?.text).toEqual({
      descriptor: expect.objectContaining({ message: "Please type your pin" }),
    });
  });

  test("a right PIN signs in with the store and closes after 200 ms", async () => {
    const { actor, clock, calls, loggedIn } = start({ staffDevice: true, startWithPin: true });
    actor.send({ type: "OPEN" });
    actor.send({ type: "SET_PIN", pin: "2580" });
    actor.send({ type: "SUBMIT" });
    await settle();
    expect(calls.signInWithPin).toHaveBeenCalledWith({ pin: "2580", storeId: 7 });
    clock.increment(SUCCESS_CLOSE_PIN_MS - 1);
    expect(loggedIn).not.toHaveBeenCalled();
    clock.increment(1);
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe("closing");
  });

  test("a wrong PIN shows 'Invalid pin'", async () => {
    const { actor, context } = start(
      { staffDevice: true, startWithPin: true },
      { signInWithPin: () => Promise.reject(new ApiError("INVALID_PIN", "INVALID_PIN", 401)) },
    );
    actor.send({ type: "OPEN" });
    actor.send({ type: "SET_PIN", pin: "0000" });
    actor.send({ type: "SUBMIT" });
    await settle();
    expect(actor.getSnapshot().matches({ open: "entrance" })).toBe(true);
    expect(context().message?.text).toEqual({ descriptor: expect.objectContaining({ message: "Invalid pin" }) });
  });
});
