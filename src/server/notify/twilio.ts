/**
 * SMS and voice calls through an HTTP API in the shape of Twilio's REST API (2010-04-01):
 * POST {base}/2010-04-01/Accounts/{sid}/Messages.json (To, From, Body) and .../Calls.json (To, From,
 * Twiml with <Say>), form-encoded, HTTP Basic auth with the account sid and auth token; 201 on
 * success. Tests run it against a local fake of that API: the real service is not reachable here.
 */
import { type Messenger, MessengerError, type OutgoingMessage, type SpokenText } from "./messenger";

export interface TwilioOptions {
  /** https://api.twilio.com, or a compatible provider */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sender: a number in E.164 (calls need one) or an approved sender id for SMS. */
  from: string;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 15_000;

export function twilioMessenger(options: TwilioOptions): Messenger {
  const doFetch = options.fetch ?? fetch;
  const accountUrl = `${options.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;

  async function post(resource: "Messages" | "Calls", form: Record<string, string>): Promise<void> {
    let response: Response;
    try {
      response = await doFetch(`${accountUrl}/${resource}.json`, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new MessengerError(`the SMS provider could not be reached (${resource})`, { cause: error });
    }
    if (response.status !== 201 && response.status !== 200) {
      throw new MessengerError(`the SMS provider refused the ${resource} request: ${await describeRefusal(response)}`);
    }
  }

  return {
    async send(message: OutgoingMessage) {
      if (message.channel === "sms") {
        await post("Messages", { To: message.to, From: options.from, Body: message.text });
      } else if (message.channel === "call") {
        await post("Calls", { To: message.to, From: options.from, Twiml: twiml(message.say) });
      } else {
        throw new MessengerError("the SMS provider cannot send e-mail");
      }
    },
  };
}

/** <Response> with one <Say> per language; the text is escaped, it is XML. */
export function twiml(say: readonly SpokenText[]): string {
  const parts = say.map((part) => `<Say language="${part.language}">${escapeXml(part.text)}</Say>`);
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${parts.join("")}</Response>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Twilio errors are JSON { code, message, status }; only the status and code are worth a log line. */
async function describeRefusal(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const code = typeof body === "object" && body !== null && "code" in body ? ` code ${String(body.code)}` : "";
  return `HTTP ${response.status}${code}`;
}
