import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, MAX_SUBJECT_LENGTH } from './message';

// The zod rules apart from message.ts, whose constants the web app's shell reads: importing those
// does not bring zod along.

/** The rules of a new conversation (the new message dialog): subject and message both non-empty. */
export const newMessageInput = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Please give your message a subject.')
    .max(MAX_SUBJECT_LENGTH, `The subject may have at most ${MAX_SUBJECT_LENGTH} characters.`),
  message: z
    .string()
    .trim()
    .min(1, 'Please write a message.')
    .max(MAX_MESSAGE_LENGTH, `A message may have at most ${MAX_MESSAGE_LENGTH} characters.`),
});
export type NewMessageInput = z.infer<typeof newMessageInput>;

/** The rule of a reply or note: a non-empty message. */
export const replyInput = newMessageInput.pick({ message: true });
