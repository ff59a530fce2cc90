import { Anchor, Alert, Badge, Box, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { formatDate, isolateLtr } from '@/lib/format';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';
import { pdfHref, statementHref, useBilling } from '../api/billing';
import type { BillingDocument } from '@/lib/domain';

/** Where a document's item lives: the order page, or the course page. */
export const itemHref = (doc: Pick<BillingDocument, 'itemType' | 'itemId'>) => (doc.itemType === 'service' ? `/orders/${doc.itemId}` : `/courses/${doc.itemId}`);

/** `YYYY-MM` as "November 2026" in the reader's language. */
function monthName(month: string, locale: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/** A document's kind and number, the receipt it refers to for a credit note; numbers kept whole and left to right. */
function DocumentNumber({ doc }: { doc: BillingDocument }) {
  const { t, locale } = useI18n();
  return (
    <Stack gap={2}>
      <Badge variant="light" color={doc.kind === 'receipt' ? 'teal' : 'orange'} c={doc.kind === 'receipt' ? '#0b5345' : '#7a2e00'} style={{ alignSelf: 'flex-start' }}>
        {t(doc.kind === 'receipt' ? 'billing.receipt' : 'billing.creditNote')}
      </Badge>
      <Text size="sm" fw={600} dir="ltr" style={{ unicodeBidi: 'isolate', alignSelf: 'flex-start', whiteSpace: 'nowrap' }}>
        {doc.number}
      </Text>
      {doc.kind === 'credit_note' ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('billing.refersTo', { number: isolateLtr(doc.receiptNumber, locale) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What the document is for: the item's page, and whether the member bought or sold it. */
function DocumentItem({ doc }: { doc: BillingDocument }) {
  const { t } = useI18n();
  return (
    <Stack gap={2}>
      <Anchor href={itemHref(doc)} size="sm" dir="auto">
        {doc.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t(doc.role === 'buyer' ? (doc.itemType === 'service' ? 'billing.boughtOrder' : 'billing.boughtCourse') : doc.itemType === 'service' ? 'billing.soldOrder' : 'billing.soldCourse')}
      </Text>
    </Stack>
  );
}

function PdfLink({ doc, language }: { doc: BillingDocument; language: string }) {
  const { t } = useI18n();
  return (
    <Anchor href={pdfHref(doc.pdfUrl, language)} target="_blank" rel="noopener" size="sm" aria-label={t('billing.pdfOf', { number: doc.number })}>
      <Group gap={4} wrap="nowrap">
        <IconFileTypePdf size={16} aria-hidden />
        PDF
      </Group>
    </Anchor>
  );
}

/**
 * The settings page's Billing tab (ADR 0042): the member's receipts and credit notes with their PDFs,
 * and, for a designer, a statement per month as PDF and CSV.
 */
export function BillingTab() {
  const { t, money, locale, i18n } = useI18n();
  const { failure } = useMessages();
  const billing = useBilling();
  const language = i18n.resolvedLanguage ?? 'en';

  if (billing.isPending) return <Loader role="status" aria-label={t('billing.loading')} />;
  if (billing.isError)
    return (
      <Alert color="red" role="alert">
        {failure(billing.error, t('billing.loadFailed'))}
      </Alert>
    );
  const { documents, statementMonths } = billing.data;
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="billing-documents-title">
        <Title order={2} size="h4" id="billing-documents-title">
          {t('billing.documents')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.documentsLead')}
        </Text>
        {documents.length === 0 ? (
          <Text c="dimmed">{t('billing.none')}</Text>
        ) : (
          <>
            {/* From a tablet up, a table; on a phone, one card per document (nothing to scroll sideways). */}
            <Box visibleFrom="sm">
              <Table striped verticalSpacing="sm" data-testid="billing-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('billing.date')}</Table.Th>
                    <Table.Th>{t('billing.number')}</Table.Th>
                    <Table.Th>{t('billing.item')}</Table.Th>
                    <Table.Th>{t('billing.amount')}</Table.Th>
                    <Table.Th>{t('billing.download')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {documents.map((doc) => (
                    <Table.Tr key={doc.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.issuedAt, locale)}</Table.Td>
                      <Table.Td>
                        <DocumentNumber doc={doc} />
                      </Table.Td>
                      <Table.Td>
                        <DocumentItem doc={doc} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(doc.kind === 'credit_note' ? -doc.amount : doc.amount, doc.currency)}</Table.Td>
                      <Table.Td>
                        <PdfLink doc={doc} language={language} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="billing-cards">
              {documents.map((doc) => (
                <Paper key={doc.id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                    <DocumentNumber doc={doc} />
                    <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {money(doc.kind === 'credit_note' ? -doc.amount : doc.amount, doc.currency)}
                    </Text>
                  </Group>
                  <Box mt="xs">
                    <DocumentItem doc={doc} />
                  </Box>
                  <Group justify="space-between" mt="xs">
                    <Text size="xs" c="dimmed">
                      {formatDate(doc.issuedAt, locale)}
                    </Text>
                    <PdfLink doc={doc} language={language} />
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>

      {statementMonths.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="billing-statements-title">
          <Title order={2} size="h4" id="billing-statements-title">
            {t('billing.statements')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.statementsLead')}
          </Text>
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="billing-statements">
            {statementMonths.map((month) => (
              <Group key={month} component="li" gap="md" wrap="wrap">
                <Text size="sm" fw={600} miw={140}>
                  {monthName(month, locale)}
                </Text>
                <Anchor href={statementHref(month, 'pdf', language)} target="_blank" rel="noopener" size="sm" aria-label={t('billing.statementPdf', { month: monthName(month, locale) })}>
                  <Group gap={4} wrap="nowrap">
                    <IconFileTypePdf size={16} aria-hidden />
                    PDF
                  </Group>
                </Anchor>
                <Anchor href={statementHref(month, 'csv', language)} download size="sm" aria-label={t('billing.statementCsv', { month: monthName(month, locale) })}>
                  <Group gap={4} wrap="nowrap">
                    <IconFileTypeCsv size={16} aria-hidden />
                    CSV
                  </Group>
                </Anchor>
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
