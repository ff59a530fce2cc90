import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor, useMe, type FromState } from '@/features/auth';
import { useStartConversation } from '../api/start-conversation';

export interface ContactButtonProps {
  /** The other user's id (the designer or seller to write to). */
  userId: string;
  /** 'Contact Seller', 'Contact Designer'... */
  label: string;
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}

/**
 * Opens the conversation with `userId`, creating it when needed (docs/product.md §9.1). A visitor is
 * sent to /login and brought back here afterwards.
 */
export function ContactButton({ userId, label, variant = 'filled', fullWidth }: ContactButtonProps) {
  const { user } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const start = useStartConversation();

  const onClick = () => {
    if (!user) {
      const state: FromState = { from: location };
      void navigate(loginPathFor(location), { state });
      return;
    }
    start.mutate(userId);
  };

  return (
    <Button
      variant={variant}
      fullWidth={fullWidth}
      loading={start.isPending}
      leftSection={<IconMessageCircle size={18} aria-hidden />}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
