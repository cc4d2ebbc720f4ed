import { Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook2,
  IconClipboardHeart,
  IconLifebuoy,
  IconListDetails,
  IconMessageCircle,
  IconMoodSmile,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { openCrisisPanel } from '@tend/domain/crisis';
import { useTranslation } from '@tend/i18n';
import { PageIntro } from '../../components/PageIntro.tsx';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

/** The tour's steps: what each part of the app is for, and where it is in the menu (its navigation entry). */
const STEPS = [
  { id: 'checkup', icon: IconMoodSmile, place: tk('nav.checkup') },
  { id: 'journal', icon: IconBook2, place: tk('nav.journal') },
  { id: 'timeline', icon: IconListDetails, place: tk('nav.timeline') },
  { id: 'screening', icon: IconClipboardHeart, place: tk('nav.screening') },
  { id: 'chat', icon: IconMessageCircle, place: tk('chat.nav') },
  { id: 'crisis', icon: IconLifebuoy, place: null },
] as const;

/**
 * /welcome/tour: a few steps on what Tend offers, after the welcome survey. Buttons only (Back, Next, Skip),
 * so it works by keyboard; each new step's heading takes the focus so it is read out. Skipping or finishing
 * goes home; nothing brings the tour back by itself.
 */
export function TourPage() {
  const { t } = useTranslation('patient');
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [moved, setMoved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moved) headingRef.current?.focus();
  }, [index, moved]);
  const step = STEPS[index]!;
  const Icon = step.icon;
  const last = index === STEPS.length - 1;
  const go = (next: number) => {
    setMoved(true);
    setIndex(next);
  };
  const home = () => void navigate(paths.today, { replace: true });

  return (
    <Stack gap="md" maw={720}>
      <PageIntro title={t('onboarding.tour.title')} intro={t('onboarding.tour.intro')} />
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('onboarding.tour.progress', { step: index + 1, steps: STEPS.length })}
        </Text>
        <Progress value={((index + 1) / STEPS.length) * 100} aria-hidden="true" />
      </Stack>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tour-step-heading">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon
            size="xl"
            radius="xl"
            variant="light"
            color={step.id === 'crisis' ? 'red' : 'tend'}
            aria-hidden="true"
          >
            <Icon size={24} />
          </ThemeIcon>
          <Stack gap="xs">
            <Title order={2} size="h3" id="tour-step-heading" ref={headingRef} tabIndex={-1}>
              {t(`onboarding.tour.steps.${step.id}.heading`)}
            </Title>
            <Text>{t(`onboarding.tour.steps.${step.id}.body`)}</Text>
            {step.place ? (
              <Text size="sm">{t('onboarding.tour.where', { place: t(step.place) })}</Text>
            ) : null}
            {step.id === 'crisis' ? (
              <Group>
                <Button color="red" variant="light" onClick={() => openCrisisPanel('help')}>
                  {t('onboarding.tour.steps.crisis.open')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Group>
      </Card>
      <Group>
        <Button variant="default" onClick={() => go(index - 1)} disabled={index === 0}>
          {t('ui.back')}
        </Button>
        {last ? (
          <Button onClick={home}>{t('onboarding.tour.finish')}</Button>
        ) : (
          <Button onClick={() => go(index + 1)}>{t('ui.next')}</Button>
        )}
        {last ? null : (
          <Button variant="subtle" onClick={home}>
            {t('onboarding.tour.skip')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
