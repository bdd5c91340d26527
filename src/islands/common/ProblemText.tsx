/**
 * A problem message in a paragraph screen readers announce when it appears (role="alert"). Renders nothing
 * while there is no message: an empty alert region would be announced as nothing, or not at all.
 */
export function ProblemText({ text, className }: { text: string | null | undefined; className: string }) {
  return text ? (
    <p className={className} role="alert">
      {text}
    </p>
  ) : null;
}
