/**
 * The unknown-placeholder message of a campaign, shown where the campaign is
 * previewed or sent; nothing when `message` is null.
 */
export function PlaceholderAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="wrap-anywhere rounded-lg border border-red-400/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
    >
      {message}
    </p>
  );
}
