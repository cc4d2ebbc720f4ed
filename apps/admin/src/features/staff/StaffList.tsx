import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { OrganisationRoleHolder } from '@tend/api/model';
import { useOrganisationRoles } from '@tend/domain/roles';
import { useTranslation } from '@tend/i18n';
import { PagedList } from '../../components/PagedList.tsx';
import { Section } from '../../components/Section.tsx';
import { paths, to } from '../../paths.ts';
import { RolesDialog } from './RolesDialog.tsx';
import { staffNameOf } from './staffName.ts';
import { StaffRow, StaffRowName } from './StaffRow.tsx';

const ROW_ESTIMATE = 120;

/** A link of a member's row, named with the member (its visible word alone says nothing of whom). */
function MemberLink({ to: target, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Anchor component={Link} size="sm" to={target} aria-label={label}>
      {children}
    </Anchor>
  );
}

/** Who works in the organisation, with the roles they hold here: change them, or remove the person. */
export function StaffList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const roles = useOrganisationRoles(organisationId);
  const [editing, setEditing] = useState<OrganisationRoleHolder | null>(null);
  // Administrators of an organisation above this one are changed there.
  const staff = roles.holders.filter((h) => (h.staffRoles ?? []).length > 0);
  return (
    <Section titleId="staff-title" title={t('staff.members.title')} intro={t('staff.members.intro')}>
      <PagedList
        query={roles}
        items={staff}
        words={{
          loading: t('staff.members.loading'),
          loadingMore: t('staff.members.loadingMore'),
          empty: t('staff.members.empty'),
        }}
        itemKey={(h) => h.userId}
        renderItem={(h) => (
          <StaffRow top={<StaffRowName name={staffNameOf(h)} />} email={h.email}>
            <Group gap={4}>
              {(h.staffRoles ?? []).map((r) => (
                <Badge key={r} variant="default" size="sm">
                  {t(`staff.roles.${r}`)}
                </Badge>
              ))}
            </Group>
            <Group gap="sm">
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditing(h)}
                aria-label={t('staff.members.changeFor', { name: staffNameOf(h) })}
              >
                {t('staff.members.change')}
              </Button>
              {(h.staffRoles ?? []).some((r) => r === 'therapist' || r === 'lead-therapist') ? (
                <MemberLink
                  to={to(paths.staffMove, { organisationId, userId: h.userId })}
                  label={t('staff.members.moveFor', { name: staffNameOf(h) })}
                >
                  {t('staff.members.move')}
                </MemberLink>
              ) : null}
              <MemberLink
                to={to(paths.staffRemove, { organisationId, userId: h.userId })}
                label={t('staff.members.removeFor', { name: staffNameOf(h) })}
              >
                {t('staff.members.remove')}
              </MemberLink>
            </Group>
          </StaffRow>
        )}
        label={t('staff.members.label')}
        estimateSize={ROW_ESTIMATE}
        testId="staff-list"
      />
      {editing ? (
        <RolesDialog
          organisationId={organisationId}
          person={editing}
          name={staffNameOf(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Section>
  );
}
