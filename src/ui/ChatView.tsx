import { useStore } from '../state/store';
import { Composer } from './Composer';
import { useModel } from './context';
import { MessageList } from './MessageList';
import { NoticeView } from './NoticeView';

/** The notice about the last action (any part of the widget), in whichever view is shown. */
export function CurrentNotice() {
  const model = useModel();
  const notice = useStore(model.notice);
  return notice ? (
    <div class="notices">
      <NoticeView notice={notice} onDismiss={model.dismissNotice} />
    </div>
  ) : null;
}

export function ChatView() {
  return (
    <div class="body">
      <MessageList />
      <CurrentNotice />
      <Composer />
    </div>
  );
}
