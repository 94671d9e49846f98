import { useEffect, useState } from 'preact/hooks';
import { useModel } from './context';

/** "Listening… 0:07" beside the composer while the microphone records (the header icon alone was too faint). */
export function RecordingBar() {
  const t = useModel().t();
  const [s, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    // The time is not announced every second: the status says "Listening…" once.
    <div class="recording-bar" role="status">
      {t.recording} <span aria-hidden="true">{`${(s / 60) | 0}:${s % 60 < 10 ? 0 : ''}${s % 60}`}</span>
    </div>
  );
}
