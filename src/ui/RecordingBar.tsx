import { useEffect, useState } from 'preact/hooks';
import { useT } from './context';

/**
 * "Recording… 0:07" beside the composer while the microphone records (the header icon alone was
 * too faint). Not a live region: the clock must not be read out each second; the announcer says
 * once that recording started and once that it stopped (state/announce.ts).
 */
export function RecordingBar() {
  const t = useT();
  const [s, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div class="recording-bar">
      <span class="recording-dot" aria-hidden="true" />
      {t.recording}{' '}
      <span class="recording-time" aria-hidden="true">{`${(s / 60) | 0}:${s % 60 < 10 ? 0 : ''}${s % 60}`}</span>
    </div>
  );
}
