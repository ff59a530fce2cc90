import { useTranslation } from '@/lib/i18n';
import { useMe } from '@/features/auth';
import { LatestServicesSlider } from '@/features/services';
import { usePageTitle } from '@/lib/page-title';
import { Hero } from '../components/Hero';
import { PromoCarousel } from '../components/PromoCarousel';
import { ReasonsSection } from '../components/ReasonsSection';
import { SpecialOfferBanner } from '../components/SpecialOfferBanner';
import { StepsSection } from '../components/StepsSection';

export function HomePage() {
  const { t } = useTranslation();
  const { user, isPending } = useMe();
  usePageTitle(undefined, t('app.homeTitle'));
  // Visitor-only content waits for the session check so a logged-in user never sees it flash.
  const visitor = !isPending && !user;

  return (
    <>
      <Hero showRegister={visitor} />
      {visitor ? <SpecialOfferBanner /> : null}
      <PromoCarousel />
      <ReasonsSection />
      <StepsSection />
      <LatestServicesSlider />
    </>
  );
}
