/**
 * The rating of a review as an accessible radio group (spec §2 reviews: rating 1-5): five native
 * radios, so arrow keys, focus and screen readers work as for any radio group; each shows a star
 * and is named "1 star" ... "5 stars". Stars up to the chosen one are filled.
 */
import { Plural, Trans } from "@lingui/react/macro";
import { REVIEW_RATINGS } from "./rating";

interface StarRatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  disabled: boolean;
}

export function StarRatingInput({ value, onChange, disabled }: StarRatingInputProps) {
  return (
    <fieldset className="star-rating" disabled={disabled}>
      <legend className="star-rating__legend">
        <Trans>Your rating</Trans>
      </legend>
      <div className="star-rating__stars">
        {REVIEW_RATINGS.map((rating) => (
          <label key={rating} className="star-rating__option">
            <input
              type="radio"
              name="rating"
              value={rating}
              className="visually-hidden"
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            <span
              className={`star-rating__star${value !== null && rating <= value ? " star-rating__star--on" : ""}`}
              aria-hidden="true"
            >
              ★
            </span>
            <span className="visually-hidden">
              <Plural value={rating} one="# star" other="# stars" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
