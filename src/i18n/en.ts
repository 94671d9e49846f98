// The English catalog as one object (tests compare against it). The strings live in messages.ts.
import { messages } from './index';

export const en = messages('en');
