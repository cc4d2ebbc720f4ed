import { useMemo, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { Box, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { appLink, getRuntimeConfig } from '@tend/config/runtime';
import { ProblemAlert, toProblem } from '@tend/core';
import { useLangQueryParam, useTranslation } from '@tend/i18n';
import { Lightbox, type LightboxLabels } from '@tend/ui/lightbox';
import { PageLayout } from '../../components/PageLayout.tsx';
import { isValidClientId, paths } from '../../paths.ts';
import { GUIDE_IMAGES, buildGuideAlbum, parsePlatform } from './album.ts';
import { useGuideConfig } from './useGuideConfig.ts';
import classes from './InstallGuide.module.css';

/** The install guide of a client: `openid/guide/{platform}/{client}` and `openid/guide/{client}` (Android). */
export function InstallGuidePage() {
  const { client, platform } = useParams();
  if (!isValidClientId(client)) return <Navigate to={paths.notFound} replace />;
  return <InstallGuide client={client} platform={platform} />;
}

export function InstallGuide({
  client,
  platform: rawPlatform,
}: {
  client: string;
  platform?: string | undefined;
}) {
  const location = useLocation();
  useLangQueryParam(location.search);
  const { t } = useTranslation('public');
  const platform = parsePlatform(rawPlatform);
  const config = useGuideConfig(client);
  const [viewer, setViewer] = useState<{ opened: boolean; index: number }>({ opened: false, index: 0 });
  const serviceName = config.data?.serviceName;

  // Until the client's configuration has loaded, the page is all there but what is the client's own (its
  // logo, its login picture, the texts naming its service), which keeps its place: that is the page
  // prerendered for every client, and nothing moves when the configuration arrives.
  const loading = serviceName === undefined;
  const album = useMemo(
    () =>
      buildGuideAlbum({
        platform,
        client,
        serviceName: serviceName ?? '',
        t: (key, values) => t(key, values),
      }),
    [platform, client, serviceName, t],
  );

  const lightboxLabels: LightboxLabels = {
    dialog: t('lightbox.dialog'),
    close: t('lightbox.close'),
    previous: t('lightbox.previous'),
    next: t('lightbox.next'),
    zoomIn: t('lightbox.zoomIn'),
    zoomOut: t('lightbox.zoomOut'),
    rotateLeft: t('lightbox.rotateLeft'),
    rotateRight: t('lightbox.rotateRight'),
    download: t('lightbox.download'),
    loading: t('lightbox.loading'),
    downloadFailed: t('lightbox.downloadFailed'),
    imageFailed: t('lightbox.imageFailed'),
  };

  // A client without a guide is a 404 (spec); a guide that could not be fetched (offline, the host failing)
  // says so in place of the client's parts, with Try again.
  const problem = config.isError ? toProblem(config.error) : null;
  if (problem?.kind === 'notFound') return <Navigate to={paths.notFound} replace />;

  const header = (
    <Group justify="space-between" wrap="nowrap">
      <img
        src={GUIDE_IMAGES.productLogo}
        alt={t('guide.productLogo')}
        height={40}
        width={120}
        className={classes.logo}
      />
      {loading ? (
        <span className={classes.logoPlaceholder} aria-hidden="true" />
      ) : (
        <img
          src={GUIDE_IMAGES.clientLogo(client)}
          alt={t('guide.clientLogo', { serviceName })}
          height={40}
          width={120}
          className={classes.logo}
        />
      )}
    </Group>
  );

  return (
    <PageLayout size="lg" header={header}>
      {loading && !problem && (
        <span role="status" aria-label={t('guide.loading')} className="tend-visually-hidden">
          {t('guide.loading')}
        </span>
      )}
      <Stack gap="lg">
        <Title order={1}>{t('InstallApp')}</Title>
        <Text size="lg" maw="48rem">
          {t('InstallGuideIntro')}
        </Text>
        <ProblemAlert problem={problem} title={t('guide.loadFailed')} onRetry={() => void config.refetch()} />
        <Box component="ol" className={classes.grid} aria-label={t('guide.steps')}>
          {album.map((step, index) => (
            <li key={index} className={classes.card}>
              <UnstyledButton
                className={classes.thumbButton}
                aria-label={t('guide.openStep', { number: index + 1 })}
                disabled={loading}
                onClick={() => setViewer({ opened: true, index })}
              >
                {loading && step.clientPicture ? (
                  <span className={`${classes.thumb} ${classes.placeholder}`} />
                ) : (
                  // The first picture is the page's largest element: fetched at once and first, not lazily.
                  <img
                    src={step.thumb}
                    alt=""
                    className={classes.thumb}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                  />
                )}
              </UnstyledButton>
              <Text fw={700} size="sm" c="dimmed" mt="sm">
                {t('guide.stepNumber', { number: index + 1 })}
              </Text>
              {loading && step.namesService ? (
                <span className={`${classes.stepText} ${classes.placeholder}`} />
              ) : (
                <Text className={classes.stepText}>{step.text}</Text>
              )}
            </li>
          ))}
        </Box>
        <Group>
          <Button component="a" href={appLink(getRuntimeConfig(), 'open')} size="lg">
            {t('GetApp')}
          </Button>
        </Group>
      </Stack>
      <Lightbox
        album={loading ? [] : album}
        index={viewer.index}
        opened={viewer.opened}
        onClose={() => setViewer((v) => ({ ...v, opened: false }))}
        options={{
          showImageNumberLabel: true,
          albumLabel: t('lightbox.albumLabel'),
          showZoom: true,
          showRotate: true,
          showDownloadButton: true,
        }}
        labels={lightboxLabels}
      />
    </PageLayout>
  );
}
