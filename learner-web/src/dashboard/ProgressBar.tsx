/** Visual bar only: the percentage is always written next to it. */
export function ProgressBar({ percent }: { percent: number }) {
  return (
    <span className="progress-bar" aria-hidden="true">
      <span className="progress-fill" style={{ width: `${percent}%` }} />
    </span>
  );
}
