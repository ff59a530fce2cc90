import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { i18n } from '@/lib/i18n';

interface ErrorBoundaryProps {
  children: ReactNode;
}

/** Catches a page that fails to render or to load (e.g. a stale chunk after a deploy). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container size="sm" py={64}>
        <Stack align="center" ta="center" gap="md" role="alert">
          <Title order={1}>{i18n.t('app.errorTitle')}</Title>
          <Text c="dimmed">{i18n.t('app.errorText')}</Text>
          <Button onClick={() => window.location.reload()}>{i18n.t('app.reload')}</Button>
        </Stack>
      </Container>
    );
  }
}
