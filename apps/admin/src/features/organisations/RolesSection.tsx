import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Organisation, Scope } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { sortScopes, useAllScopes, useMyScopes, useOrganisationRoles } from '@tend/domain/roles';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';
import { Section } from '../../components/Section.tsx';
import { UserTextWithLine } from '../../components/UserTextWithLine.tsx';

const KNOWN: readonly string[] = ['org-admin', 'therapist', 'lead-therapist', 'patient', 'data-export'];

/** Who holds which role in the organisation (read-only), with what each role lets a person do, in plain words. */
export function RolesSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const roles = useOrganisationRoles(organisation.id);
  const all = useAllScopes();
  const mine = useMyScopes();
  const scopeName = (s: string) => (KNOWN.includes(s) ? t(`organisations.roles.names.${s as Scope}`) : s);
  return (
    <Stack gap="lg">
      <Section
        titleId="roles-title"
        title={t('organisations.roles.title')}
        intro={t('organisations.roles.intro')}
      >
        <Anchor component={Link} to={to(paths.staff, { organisationId: organisation.id })} fw={600}>
          {t('organisations.roles.manage')}
        </Anchor>
        {roles.isPending ? (
          <LoadingLine label={t('organisations.roles.loading')} />
        ) : roles.error && roles.holders.length === 0 ? (
          <ProblemAlert problem={toProblem(roles.error)} onRetry={() => void roles.refetch()} />
        ) : (
          <>
            <Text size="sm">{t('organisations.roles.patients', { count: roles.patients })}</Text>
            {roles.holders.length === 0 ? (
              <Text c="dimmed">{t('organisations.roles.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped withTableBorder>
                  <Table.Caption>
                    {t('organisations.roles.caption', { name: organisation.name })}
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('organisations.roles.person')}</Table.Th>
                      <Table.Th scope="col">{t('organisations.roles.roles')}</Table.Th>
                      <Table.Th scope="col">{t('organisations.roles.where')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {roles.holders.map((h) => (
                      <Table.Tr key={h.userId}>
                        <Table.Td>
                          <UserTextWithLine
                            text={[h.firstName, h.lastName].filter(Boolean).join(' ') || h.email}
                            line={h.email}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {sortScopes(h.scopes).map((s) => (
                              <Badge key={s} variant="default" size="sm">
                                {scopeName(s)}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          {h.via === organisation.id ? (
                            t('organisations.roles.here')
                          ) : (
                            <>
                              {t('organisations.roles.above')}{' '}
                              <SafeText component="span" inherit>
                                {h.viaName ?? h.via}
                              </SafeText>
                            </>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {roles.error ? (
              <ProblemAlert problem={toProblem(roles.error)} onRetry={() => void roles.fetchNextPage()} />
            ) : null}
            {roles.hasNextPage ? (
              <Group>
                <Button
                  variant="default"
                  loading={roles.isFetchingNextPage}
                  onClick={() => void roles.fetchNextPage()}
                >
                  {t('organisations.roles.more')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Section>
      <Section titleId="meanings-title" title={t('organisations.roles.meaningsTitle')}>
        {all.error ? (
          <ProblemAlert problem={toProblem(all.error)} onRetry={() => void all.refetch()} />
        ) : null}
        <Stack gap="xs" component="dl" m={0}>
          {sortScopes((all.data?.scopes ?? []).map((s) => s.scope)).map((s) => (
            <div key={s}>
              <Text component="dt" fw={600}>
                {scopeName(s)}
              </Text>
              <Text component="dd" m={0} size="sm">
                {KNOWN.includes(s)
                  ? t(`organisations.roles.meanings.${s as Scope}`)
                  : (all.data?.scopes.find((x) => x.scope === s)?.description ?? '')}
              </Text>
            </div>
          ))}
        </Stack>
        {mine.data ? (
          <Text size="sm">
            {mine.data.platformAdmin
              ? t('organisations.roles.youPlatform')
              : t('organisations.roles.you', {
                  roles: sortScopes(mine.data.scopes).map(scopeName).join(', '),
                })}
          </Text>
        ) : null}
      </Section>
    </Stack>
  );
}
