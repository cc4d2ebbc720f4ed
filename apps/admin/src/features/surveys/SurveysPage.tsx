import { Badge, Box, Button, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Survey } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/domain';
import { useSurveyList } from '@tend/domain/surveys';
import { formatDate } from '@tend/domain/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';

const ROW_ESTIMATE = 72;

/**
 * The surveys the administrator sees, oldest first, 25 a page (the contract's `startAfter`), virtualised (only
 * the rows in view are in the page) and the next page read as the end comes into view.
 */
export function SurveysPage() {
  const { t } = useTranslation('admin');
  const list = useSurveyList();
  const { surveys, hasNextPage, isFetchingNextPage, fetchNextPage, error } = list;
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: surveys.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    getItemKey: (index) => surveys[index]?.surveyId ?? `more-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (last && last.index >= surveys.length - 5 && hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  }, [last, surveys.length, hasNextPage, isFetchingNextPage, fetchNextPage, error]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('surveys.title')}</Title>
        <Button component={Link} to={paths.surveyNew}>
          {t('surveys.new')}
        </Button>
      </Group>
      <Text maw={760}>{t('surveys.intro')}</Text>
      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('surveys.loading')}</Text>
        </Group>
      ) : error && surveys.length === 0 ? (
        <ProblemAlert problem={toProblem(error)} title={t('surveys.failed')} onRetry={() => void list.refetch()} />
      ) : surveys.length === 0 ? (
        <Text c="dimmed">{t('surveys.empty')}</Text>
      ) : (
        <Stack gap="xs">
          <Box ref={parentRef} role="region" aria-label={t('surveys.listLabel')} tabIndex={0} style={{ maxHeight: 'min(65vh, 640px)', height: Math.min(virtualizer.getTotalSize(), 640) + 2, overflowY: 'auto', contain: 'strict' }} data-testid="survey-list">
            <Box component="ul" m={0} p={0} style={{ height: virtualizer.getTotalSize(), position: 'relative', listStyle: 'none' }}>
              {items.map((row) => (
                <SurveyRow key={row.key} index={row.index} start={row.start} survey={surveys[row.index]} setSize={hasNextPage ? -1 : surveys.length} measure={virtualizer.measureElement} />
              ))}
            </Box>
          </Box>
          <Text size="xs" c="dimmed" role="status">
            {hasNextPage ? t('surveys.countMore', { count: surveys.length }) : t('surveys.count', { count: surveys.length })}
          </Text>
          {error ? <ProblemAlert problem={toProblem(error)} title={t('surveys.failedMore')} onRetry={() => void fetchNextPage()} /> : null}
        </Stack>
      )}
    </Stack>
  );
}

interface RowProps {
  index: number;
  start: number;
  survey: Survey | undefined;
  setSize: number;
  measure(element: Element | null): void;
}

const SurveyRow = memo(function SurveyRow({ index, start, survey, setSize, measure }: RowProps) {
  const { t } = useTranslation('admin');
  return (
    <Box component="li" data-index={index} ref={measure} aria-setsize={setSize} aria-posinset={index + 1} style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }}>
      {survey ? (
        <UnstyledButton component={Link} to={to(paths.survey, { surveyId: survey.surveyId })} w="100%" p="sm" style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                <SafeText component="span" inherit>
                  {survey.title}
                </SafeText>
              </Text>
              <Group gap="xs">
                <Badge size="sm" variant="light">
                  {t(`surveys.types.${survey.type}`)}
                </Badge>
                <Text size="xs" c="dimmed" component="span">
                  {survey.organisations.length === 0 ? t('surveys.notOffered') : t('surveys.offeredTo', { count: survey.organisations.length })} ·{' '}
                  {t('surveys.responses', { count: survey.responseCount ?? 0 })} · {t('surveys.created', { date: formatDate(survey.createdAt) })}
                </Text>
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      ) : (
        <Group gap="xs" p="sm" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('surveys.loadingMore')}</Text>
        </Group>
      )}
    </Box>
  );
});
