// Seeded history for demo visitors: ~45 conversations spread from minutes to over a year ago.
import type { WireMessage } from '../src/api/types';
import { SEED_TITLES, SHORT_ANSWERS, confirmationPrompt } from './answers';
import { longMarkdownAnswer } from './long-answer';
import type { StoredConversation } from './records';

export const SEED_COUNT = 45;

const MINUTE = 60_000;

/** A visitor gets seeded history when their `sub` starts with `demo`. */
export const isSeededVisitor = (sub: string) => sub.startsWith('demo');

export function seedConversations(newId: (prefix: string) => string, now = Date.now()): StoredConversation[] {
  const conversations: StoredConversation[] = [];
  for (let i = 0; i < SEED_COUNT; i++) {
    // 3 min, 4 min, … 12 h (i≈20), 6 days (i≈30), 3.5 months (i≈40), 14 months (i=44)
    const updated = now - Math.round(3 * 1.32 ** i * MINUTE);
    const created = updated - (5 + (i % 4) * 7) * MINUTE;
    const at = (offsetMin: number) => new Date(created + offsetMin * MINUTE).toISOString();
    const [title, messages] = seedContent(i, at, newId);
    conversations.push({
      id: newId('conv'),
      title,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
      messages,
    });
  }
  return conversations;
}

type At = (offsetMin: number) => string;

function seedContent(i: number, at: At, newId: (prefix: string) => string): [string, WireMessage[]] {
  const user = (content: string): WireMessage => ({ id: newId('msg'), role: 'user', content, created_at: at(0) });
  const assistant = (content: string, extra: Partial<WireMessage> = {}): WireMessage => ({
    id: newId('msg'),
    role: 'assistant',
    content,
    created_at: at(1),
    ...extra,
  });
  switch (i) {
    case 0:
      return [
        'Ship order #1042',
        [
          user('Mark order #1042 as shipped'),
          assistant('I found the order. Changing its status needs your confirmation.', {
            confirmation: { id: newId('cf'), prompt: confirmationPrompt('1042'), status: 'pending' },
          }),
        ],
      ];
    case 1:
      return [
        'Regional sales report',
        [user('Give me a full sales report by region'), assistant(longMarkdownAnswer())],
      ];
    case 2:
      return [
        'Raise Acme credit limit',
        [
          user('Raise the credit limit of Acme Ltd to 15,000'),
          assistant("I've prepared the credit limit change for customer **Acme Ltd**.", {
            approval: { status: 'pending' },
          }),
        ],
      ];
    case 3:
      return [
        'Ship order #1038',
        [
          user('Mark order #1038 as shipped'),
          assistant('I found the order. Changing its status needs your confirmation.', {
            confirmation: { id: newId('cf'), prompt: confirmationPrompt('1038'), status: 'confirmed' },
          }),
          assistant('Done, order #1038 is now shipped.'),
        ],
      ];
    default: {
      const title = SEED_TITLES[i % SEED_TITLES.length]!;
      return [title, [user(`${title}?`), assistant(SHORT_ANSWERS[i % SHORT_ANSWERS.length]!)]];
    }
  }
}
