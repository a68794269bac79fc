/**
 * The weight of a per-kg item (spec §2 "a kilos input for per-kg items", §5 "Kilos: per-kg items
 * need a number above 0; above 1000 is capped to 1000"). The text stays as typed (a Greek keyboard
 * types "0,8"); the machine keeps the valid, capped weight, or nothing while the text is not one.
 * A weight over the cap reads as the cap once the field is left.
 */
import { Trans } from "@lingui/react/macro";
import { useId, useState } from "react";
import { KILOS_CAP } from "../../../domain/constants";
import type { UiLanguage } from "../../../domain/languages";
import { parseKilos } from "../../../domain/limits";
import { formatKilos } from "../../i18n/weight";

interface KilosFieldProps {
  initialKilos: number | null;
  language: UiLanguage;
  onChange: (kilos: number) => void;
}

export function KilosField({ initialKilos, language, onChange }: KilosFieldProps) {
  const id = useId();
  const [text, setText] = useState(initialKilos === null ? "" : formatKilos(initialKilos, language));
  const typed = parseKilos(text);
  const invalid = text.trim() !== "" && !(typed > 0);
  const capped = typed > KILOS_CAP;
  const cap = formatKilos(KILOS_CAP, language);
  const example = formatKilos(0.8, language);

  return (
    <div className="kilos-field">
      <label htmlFor={id} className="kilos-field__label">
        <Trans>Weight (kg)</Trans>
      </label>
      <input
        id={id}
        className="kilos-field__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={example}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseKilos(event.target.value));
        }}
        // Leaving the field shows the weight that counts, so "1500" does not stay beside a price for 1000 kg.
        onBlur={() => {
          if (capped) setText(cap);
        }}
      />
      <p id={`${id}-hint`} className={`kilos-field__hint${invalid ? " kilos-field__hint--error" : ""}`}>
        {invalid ? (
          <Trans>Enter a weight above 0, for example {example}.</Trans>
        ) : capped ? (
          <Trans>The weight is capped at {cap} kg.</Trans>
        ) : (
          <Trans>The price is per kilo; the staff weigh your choice and tell you the exact price.</Trans>
        )}
      </p>
    </div>
  );
}
