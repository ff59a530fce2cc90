import { Accordion, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

type FaqItem =
  | 'formats'
  | 'sharing'
  | 'software'
  | 'trouble'
  | 'create'
  | 'designer'
  | 'password'
  | 'language'
  | 'methods'
  | 'escrow'
  | 'revisions'
  | 'pricing';

const TOPICS: readonly { id: 'technical' | 'account' | 'payment'; items: readonly FaqItem[] }[] = [
  { id: 'technical', items: ['formats', 'sharing', 'software', 'trouble'] },
  { id: 'account', items: ['create', 'designer', 'password', 'language'] },
  { id: 'payment', items: ['methods', 'escrow', 'revisions', 'pricing'] },
];

/** Three topics (Technical Help, Account Management, Services & Payment), each an accordion of Q&As. */
export function Faq() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" component="section" aria-labelledby="faq-title">
      <Title order={2} fz="h3" id="faq-title">
        {t('faq.title')}
      </Title>
      <Tabs defaultValue="technical" variant="pills" keepMounted={false}>
        <Tabs.List aria-label={t('faq.tabsLabel')} mb="lg">
          {TOPICS.map((topic) => (
            <Tabs.Tab key={topic.id} value={topic.id}>
              {t(`faq.${topic.id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TOPICS.map((topic) => (
          <Tabs.Panel key={topic.id} value={topic.id}>
            <Accordion variant="separated" radius="md">
              {topic.items.map((item) => (
                <Accordion.Item key={item} value={item}>
                  <Accordion.Control>{t(`faq.items.${item}.q`)}</Accordion.Control>
                  <Accordion.Panel>{t(`faq.items.${item}.a`)}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
