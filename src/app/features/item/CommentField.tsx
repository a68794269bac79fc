/**
 * A free comment for the venue ("no ice, please"), only in interactive-catalogue stores (spec §2).
 * Kept as typed here; emoji and symbols are stripped and the text trimmed when it goes into the
 * cart (spec §5, src/domain/comment.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";

const COMMENT_MAX_LENGTH = 300;

export function CommentField({ value, onChange }: { value: string; onChange: (comment: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="comment-field">
      <label htmlFor={id} className="comment-field__label">
        <Trans>Comment (optional)</Trans>
      </label>
      <textarea
        id={id}
        className="comment-field__input"
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t`For example: no ice, please`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
