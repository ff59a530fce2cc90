import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** "New to Cusp? Create an account" under an auth form. */
export function AuthSwitchLink({ question, label, to }: { question?: string; label: string; to: string }) {
  return (
    <Text size="sm">
      {question ? `${question} ` : null}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </Text>
  );
}
