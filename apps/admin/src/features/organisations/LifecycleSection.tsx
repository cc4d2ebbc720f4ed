import { Button, Group, List, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Organisation } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useDisableOrganisation, useEnableOrganisation } from '@tend/domain/organisations';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { Section } from '../../components/Section.tsx';

/**
 * Enable (with a number of places) or disable the organisation. Disabling asks first, saying what its
 * patients will see; add an organisation below this one.
 */
export function LifecycleSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const [confirming, confirm] = useDisclosure(false);
  const disabler = useDisableOrganisation();
  const enabler = useEnableOrganisation();
  const [places, setPlaces] = useState<number | ''>(organisation.subscription?.maxRedemptions ?? '');
  const disable = useSubmit(() => disabler.mutateAsync({ organisation: organisation.id }), {
    onSuccess: confirm.close,
  });
  const enable = useSubmit((max: number | undefined) =>
    enabler.mutateAsync({
      organisation: organisation.id,
      ...(max === undefined ? {} : { params: { maxRedemptions: max } }),
    }),
  );
  return (
    <Section titleId="lifecycle-title" title={t('organisations.lifecycle.title')}>
      {organisation.enabled ? (
        <Group>
          <Button variant="default" onClick={confirm.open}>
            {t('organisations.lifecycle.disable')}
          </Button>
        </Group>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void enable.submit(places === '' ? undefined : places);
          }}
        >
          <Stack gap="sm" maw={420}>
            <Text size="sm">{t('organisations.lifecycle.enableIntro')}</Text>
            <NumberInput
              label={t('organisations.lifecycle.places')}
              description={t('organisations.lifecycle.placesHint')}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              value={places}
              onChange={(v) => setPlaces(typeof v === 'number' ? v : '')}
            />
            <ProblemAlert problem={enable.problem} />
            <Group>
              <Button type="submit" loading={enable.pending}>
                {t('organisations.lifecycle.enable')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Group>
        <Button
          component={Link}
          to={`${paths.organisationNew}?parent=${encodeURIComponent(organisation.id)}`}
          variant="default"
        >
          {t('organisations.lifecycle.addBelow')}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={confirm.close}
        title={t('organisations.lifecycle.confirmTitle', { name: organisation.name })}
        closeButtonProps={{ 'aria-label': t('organisations.lifecycle.keepEnabled') }}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('organisations.lifecycle.confirmIntro')}</Text>
          <List size="sm" spacing="xs">
            <List.Item>{t('organisations.lifecycle.effectJoin')}</List.Item>
            <List.Item>{t('organisations.lifecycle.effectPatients')}</List.Item>
            <List.Item>{t('organisations.lifecycle.effectBelow')}</List.Item>
            <List.Item>{t('organisations.lifecycle.effectKept')}</List.Item>
          </List>
          <ProblemAlert problem={disable.problem} />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('organisations.lifecycle.keepEnabled')}
            </Button>
            <Button color="red.9" loading={disable.pending} onClick={() => void disable.submit()}>
              {t('organisations.lifecycle.confirmDisable')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
