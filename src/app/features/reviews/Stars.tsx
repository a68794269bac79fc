/** A rating shown as five stars, read out as "4 out of 5 stars" (the stars themselves are hidden). */
import { useLingui } from "@lingui/react/macro";
import { filledStars } from "./rating";

export function Stars({ value, label }: { value: number; label?: string }) {
  const { t } = useLingui();
  const filled = filledStars(value);
  return (
    <span className="stars" role="img" aria-label={label ?? t`${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((position) => (
        <span
          key={position}
          className={position <= filled ? "stars__star stars__star--on" : "stars__star"}
          aria-hidden="true"
        >
          ★
        </span>
      ))}
    </span>
  );
}
