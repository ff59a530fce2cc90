import { z } from 'zod';

/** `{ message }`: what a call that only confirms answers (a reset mail sent, a form received). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
