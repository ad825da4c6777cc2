import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { CountCards } from '../../queue/components/count-cards';
import { useMember } from '../../member/hooks/use-session';
import { CREATOR_MESSAGES_LINK } from '../../message/links';
import { MyPaymentStatements } from '../../payment/components/my-payment-statements';
import { useFetchMyCounters } from '../hooks/use-fetch-my-counters';
import { CREATOR_QUEUE_LINKS } from '../links';
import { DemoTour } from '../../member/components/demo-tour';

const CARDS = [...CREATOR_QUEUE_LINKS, CREATOR_MESSAGES_LINK];

/** / : the creator's welcome, with their counts as cards leading to the queues, and their payment statements. */
export function HomePage() {
  const { t } = useTranslation();
  const member = useMember();
  const { counters } = useFetchMyCounters();
  return (
    <PageFrame title={t('home.welcome', { name: member?.UserName ?? '' })} description={t('home.intro')}>
      <DemoTour />
      <CountCards links={CARDS} counters={counters} label={t('home.countsLabel')} />
      <MyPaymentStatements />
    </PageFrame>
  );
}
