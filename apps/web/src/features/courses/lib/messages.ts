import { useMessages } from '@/lib/use-messages';

/** The course pages' messages: translated by code like every form's (lib/messages.ts, docs/decisions/0039). */
export const useCourseMessages = useMessages;
