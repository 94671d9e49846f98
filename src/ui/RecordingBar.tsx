import { useEffect, useState } from 'preact/hooks';
import { useModel } from './context';

/** "Listening… 0:07" beside the composer while the microphone records (the header icon alone was too faint). */
export function RecordingBar() {
  const t = useModel().t();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    // The time is not announced every second: the status says "Listening…" once.
    <div class="recording-bar" role="status">
      {t.recording} <span aria-hidden="true">{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</span>
    </div>
  );
}
