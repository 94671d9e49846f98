import { useStore } from '../state/store';
import { useModel } from './context';
import { Icon } from './icons';

/** Starts a spoken turn, stops recording (pressed, `recording` style), or silences the spoken answer. */
export function MicButton() {
  const model = useModel();
  const { phase, playing } = useStore(model.voice.state);
  const t = model.t();
  const recording = phase === 'starting' || phase === 'recording';
  const speaking = !recording && (phase === 'replying' || playing);
  const label = recording ? t.micStop : speaking ? t.micSilence : t.micStart;
  return (
    <button
        type="button"
        class={`icon-button mic-button${recording ? ' recording' : ''}`}
        part="mic-button"
        aria-label={label}
        title={label}
        aria-pressed={recording}
        onClick={model.voice.press}
      >
        <Icon name={speaking ? 'stop' : 'mic'} />
    </button>
  );
}
