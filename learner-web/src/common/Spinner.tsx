/** Loading indicator with a text alternative; the animation stops when reduced motion is asked for (CSS). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
