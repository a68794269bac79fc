/**
 * What a one-time code looks like on each channel. Greek first (the product's default language),
 * English after: the server does not know the guest's language when it sends. The SMS stays
 * within one UCS-2 segment (70 characters): Greek letters make the whole message UCS-2.
 */
import type { OutgoingMessage, SpokenText } from "./messenger";

const VALID_MINUTES = 10;

export function codeBySms(to: string, code: string, storeId: number | null): OutgoingMessage {
  return { channel: "sms", to, text: `Κωδικός ${code}. Your code: ${code}`, storeId };
}

/** Digits read one by one, twice, in both languages: "1, 2, 3, 4, 5, 6". */
export function codeByCall(to: string, code: string, storeId: number | null): OutgoingMessage {
  const spelled = [...code].join(", ");
  const say: SpokenText[] = [
    { language: "el-GR", text: `Ο κωδικός σας είναι: ${spelled}. Επαναλαμβάνω: ${spelled}.` },
    { language: "en-US", text: `Your code is: ${spelled}. Again: ${spelled}.` },
  ];
  return { channel: "call", to, say, storeId };
}

export function passwordResetByEmail(to: string, code: string): OutgoingMessage {
  return {
    channel: "email",
    to,
    subject: "Κωδικός επαναφοράς / Password reset code",
    text: [
      `Ο κωδικός επαναφοράς του κωδικού πρόσβασής σας είναι ${code}. Ισχύει για ${VALID_MINUTES} λεπτά.`,
      "Αν δεν τον ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα.",
      "",
      `Your password reset code is ${code}. It is valid for ${VALID_MINUTES} minutes.`,
      "If you did not ask for it, ignore this message.",
    ].join("\n"),
    storeId: null,
  };
}
