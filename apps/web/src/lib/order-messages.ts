import { useMessages } from '@/lib/use-messages';

/**
 * The orders and payments features' messages: since every error is translated by its code (lib/messages.ts,
 * docs/decisions/0039), the same as every form's. Kept as a name the two features share (ADR 0029).
 */
export const useOrderMessages = useMessages;
