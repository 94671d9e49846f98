import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from './context';

/**
 * "Recording… 0:07" beside the composer while the microphone records (the header icon alone was
 * too faint). Not a live region itself: a region that appears with its text is not announced by
 * every screen reader, and the clock must not be read out each second (see RecordingAnnouncer).
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

/**
 * A polite live region that is always there (so screen readers watch it) and says once that
 * recording started and once that it stopped; empty until the first recording.
 */
export function RecordingAnnouncer({ recording }: { recording: boolean }) {
  const t = useT();
  const [said, say] = useState('');
  const was = useRef(recording);
  useEffect(() => {
    if (was.current === recording) return;
    was.current = recording;
    say(recording ? t.recordingStarted : t.recordingStopped);
  }, [recording]);
  return (
    // Inside the composer, not in a scroller: this hidden box (no insets: at its place in the
    // composer) never makes the panel or the page scroll.
    <div class="sr-only recording-status" role="status">
      {said}
    </div>
  );
}
