import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { combinePlans, differingSections, type SafetyPlan } from '@tend/domain/safety-plan';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

interface ConflictViewProps {
  saved: SafetyPlan;
  mine: SafetyPlan;
  busy: boolean;
  onSave(plan: SafetyPlan): void;
  onUseSaved(): void;
}

/** Both versions, section by section where they differ, and the three ways to keep them. */
export function ConflictView({ saved, mine, busy, onSave, onUseSaved }: ConflictViewProps) {
  const { t } = useTranslation('patient');
  const sections = differingSections(saved, mine);
  const entries = (lines: string[]) =>
    lines.length > 0 ? lines.join('\n') : t('safety-plan.conflict.empty');
  return (
    <Alert color="tend" variant="light" role="alert" title={t('safety-plan.conflict.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('safety-plan.conflict.intro')}</Text>
        <Table aria-label={t('safety-plan.conflict.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('safety-plan.conflict.section')}</Table.Th>
              <Table.Th>{t('safety-plan.conflict.theirs')}</Table.Th>
              <Table.Th>{t('safety-plan.conflict.mine')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sections.map((s) => (
              <Table.Tr key={s}>
                <Table.Th scope="row">{t(`safety-plan.sections.${s}.label`)}</Table.Th>
                <Table.Td>
                  <SafeText size="sm">{entries(saved.sections[s])}</SafeText>
                </Table.Td>
                <Table.Td>
                  <SafeText size="sm">{entries(mine.sections[s])}</SafeText>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button onClick={() => onSave(combinePlans(saved, mine))} loading={busy}>
            {t('safety-plan.conflict.combine')}
          </Button>
          <Button variant="default" onClick={() => onSave(mine)} disabled={busy}>
            {t('safety-plan.conflict.mine_action')}
          </Button>
          <Button variant="default" onClick={onUseSaved} disabled={busy}>
            {t('safety-plan.conflict.theirs_action')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
