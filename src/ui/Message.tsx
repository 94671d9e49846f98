import type { ChatMessage } from '../state/chat';
import { useStore, store } from '../state/store';
import { Confirmation } from './Confirmation';
import { useModel } from './context';
import { Markdown } from './Markdown';
import { NoticeView } from './NoticeView';

const idle = store(false);

function AssistantMessage({ message }: { message: ChatMessage }) {
  const model = useModel();
  const t = model.t();
  const lookingUp = useStore(message.lookingUp ?? idle);
  const streaming = message.state === 'streaming';
  return (
    <div class="message" part="message" data-role="assistant" aria-busy={streaming}>
      <span class="sr-only">{t.assistant}: </span>
      <Markdown text={message.content} live={streaming ? message.live : undefined} />
      {streaming && <p class="status dots-line">{lookingUp ? t.lookingUp : message.live?.get() ? '' : t.thinking}</p>}
      {message.state === 'stopped' && <p class="status">{t.stopped}</p>}
      {message.confirmation && <Confirmation confirmation={message.confirmation} />}
      {message.approval?.status === 'pending' && (
        <NoticeView notice={{ kind: 'approval', code: 'error', text: message.approval.message || t.approval }} />
      )}
    </div>
  );
}

export function Message({ message }: { message: ChatMessage }) {
  const t = useModel().t();
  if (message.role === 'assistant') return <AssistantMessage message={message} />;
  return (
    <div class="message" part="message" data-role="user">
      <span class="sr-only">{t.you}: </span>
      {message.content}
    </div>
  );
}
