import { useStore } from '../state/store';
import { useModel, useT } from './context';
import { HeaderButton } from './HeaderButton';

/** Starts a spoken turn, stops recording (pressed, `recording` style), or silences the spoken answer. */
export function MicButton() {
  const model = useModel();
  const { phase, playing } = useStore(model.voice.state);
  const t = useT();
  const recording = phase === 'starting' || phase === 'recording';
  const speaking = !recording && (phase === 'replying' || playing);
  return (
    <HeaderButton
      part="mic-button"
      icon={speaking ? 'stop' : 'mic'}
      label={recording ? t.micStop : speaking ? t.micSilence : t.micStart}
      pressed={recording}
      onClick={model.voice.press}
      extraClass={`mic-button${recording ? ' recording' : ''}`}
    />
  );
}
