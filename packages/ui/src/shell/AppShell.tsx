import {
  Avatar,
  Burger,
  Button,
  Group,
  AppShell as MantineAppShell,
  NavLink as MantineNavLink,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx';
import { LanguagePicker, type LanguageOption } from './LanguagePicker.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './PageFrame.tsx';
import { TendLogo } from './TendLogo.tsx';

export interface ShellNavItem {
  /** A path inside the app. */
  to: string;
  label: string;
  icon?: ReactNode;
  /** Active only on this exact path (default true for '/', false otherwise). */
  end?: boolean;
  /** Shown after the label (e.g. an unread count); its text is part of the link's name. */
  badge?: ReactNode;
}

export interface ShellAccountItem {
  label: string;
  icon?: ReactNode;
  /** A path inside the app, or an action. */
  to?: string;
  onClick?: () => void;
}

export interface ShellUser {
  /** The name shown in the header and the account menu. */
  name: string;
  email?: string;
}

export interface AppShellProps {
  children?: ReactNode;
  /** Shown beside the logo; default the translated product name. */
  productName?: string;
  /** Decorative: the product name is the link's text. Default Tend's mark; null for none. */
  logo?: ReactNode;
  /** Where the product name leads; default '/'. */
  homePath?: string;
  navigation?: readonly ShellNavItem[];
  /** The signed-in person; without it there is no account menu. */
  user?: ShellUser | null;
  onSignOut?: () => void;
  /** Extra entries of the account menu (e.g. Security). */
  accountItems?: readonly ShellAccountItem[];
  languages?: readonly LanguageOption[];
  onLanguageChange?: (code: string) => void;
  /** Above the page (e.g. <ServerStatusBanner />). */
  banner?: ReactNode;
  /** Always-visible actions in the header, before the language picker (e.g. the patient app's "Get help now"). */
  headerActions?: ReactNode;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function AccountMenu({
  user,
  onSignOut,
  items,
}: {
  user: ShellUser;
  onSignOut?: () => void;
  items: readonly ShellAccountItem[];
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* No aria-label: the name is the visible text (WCAG 2.5.3), "Account menu: SS Sam Smith". */}
        <UnstyledButton className="tend-account-button">
          <Group gap="xs" wrap="nowrap">
            <VisuallyHidden>{`${t('shell.accountMenu')}:`}</VisuallyHidden>
            <Avatar size="sm" color="tend" radius="xl">
              {initials(user.name)}
            </Avatar>
            <Text size="sm" fw={500} className="tend-account-name">
              {user.name}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" className="tend-account-chevron" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t('shell.signedInAs', { name: user.name })}
          {user.email && (
            <Text size="xs" c="dimmed" component="span" display="block">
              {user.email}
            </Text>
          )}
        </Menu.Label>
        {items.map((item) =>
          item.to ? (
            <Menu.Item key={item.label} component={Link} to={item.to} leftSection={item.icon}>
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} onClick={item.onClick} leftSection={item.icon}>
              {item.label}
            </Menu.Item>
          ),
        )}
        {onSignOut && (
          <>
            {items.length > 0 && <Menu.Divider />}
            <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden="true" />}>
              {t('shell.signOut')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The signed-in frame of a portal: a skip link, a header (product, language, colours, account menu), the
 * navigation (a drawer on small screens) and the main landmark the skip link leads to.
 */
export function AppShell({
  children,
  productName,
  logo = <TendLogo />,
  homePath = '/',
  navigation = [],
  user,
  onSignOut,
  accountItems = [],
  languages,
  onLanguageChange,
  banner,
  headerActions,
}: AppShellProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const hasNavigation = navigation.length > 0;
  const theme = useMantineTheme();
  // Below the breakpoint the navigation is a drawer; closed, it is moved off screen and must leave the
  // tab order too (inert), or keyboard focus would land on links nobody can see.
  const small = useMediaQuery(`(max-width: ${parseFloat(theme.breakpoints.sm) - 0.01}em)`, false, {
    getInitialValueInEffect: false,
  });
  const drawerHidden = small && !opened;

  const closeDrawer = () => {
    close();
    burgerRef.current?.focus();
  };
  // Escape closes the open drawer and returns focus to its button.
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && small && opened && !event.defaultPrevented) closeDrawer();
  });

  // A navigation closes the small-screen drawer.
  useEffect(() => close(), [location.pathname, close]);

  return (
    <>
      <SkipLink />
      <MantineAppShell
        header={{ height: 60 }}
        navbar={hasNavigation ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
        padding="md"
      >
        <MantineAppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {hasNavigation && (
                <Burger
                  ref={burgerRef}
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={opened ? t('shell.closeNavigation') : t('shell.openNavigation')}
                  aria-expanded={opened}
                  aria-controls="tend-navigation"
                />
              )}
              <Group
                gap="xs"
                wrap="nowrap"
                className="tend-home-link"
                renderRoot={(props) => <Link to={homePath} {...props} />}
              >
                {logo && <span aria-hidden="true">{logo}</span>}
                {/* On a phone the logo stands alone; the name stays the link's accessible name. */}
                <Text fw={700} size="lg" className={logo ? 'tend-product-name' : undefined}>
                  {productName ?? t('ProductName')}
                </Text>
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap" className="tend-header-actions">
              {headerActions}
              {/* With a navigation, small screens find the language and colours in its drawer instead. */}
              <Group gap="xs" wrap="nowrap" visibleFrom={hasNavigation ? 'sm' : undefined}>
                <LanguagePicker languages={languages} onChange={onLanguageChange} compact />
                <ColorSchemeToggle />
              </Group>
              {user && <AccountMenu user={user} onSignOut={onSignOut} items={accountItems} />}
            </Group>
          </Group>
        </MantineAppShell.Header>
        {hasNavigation && (
          <MantineAppShell.Navbar
            id="tend-navigation"
            p="sm"
            aria-label={t('shell.navigation')}
            inert={drawerHidden}
            // A long navigation (the patient app's) scrolls within the bar on a short window: every entry stays
            // reachable, and one focused by keyboard is scrolled into sight.
            style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
          >
            <Stack gap={4}>
              {navigation.map((item) => (
                <MantineNavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  end={item.end ?? item.to === '/'}
                  label={item.label}
                  leftSection={item.icon}
                  rightSection={item.badge}
                  active={isActive(location.pathname, item)}
                  // The link to the page already open closes the drawer too (the path does not change).
                  onClick={close}
                />
              ))}
            </Stack>
            {/* Small screens: what the header has no room for (language, colours, Sign out) ends the drawer. */}
            {small ? (
              <Stack gap="sm" mt="md" pt="md" className="tend-drawer-settings">
                <LanguagePicker languages={languages} onChange={onLanguageChange} />
                <Group gap="sm" wrap="nowrap">
                  <ColorSchemeToggle />
                  {user && onSignOut ? (
                    <Button
                      variant="default"
                      leftSection={<IconLogout size={16} aria-hidden="true" />}
                      onClick={onSignOut}
                    >
                      {t('shell.signOut')}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            ) : null}
          </MantineAppShell.Navbar>
        )}
        <MantineAppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className="tend-main">
          {banner}
          {children}
        </MantineAppShell.Main>
      </MantineAppShell>
    </>
  );
}

function isActive(pathname: string, item: ShellNavItem): boolean {
  const strip = (p: string) => p.replace(/\/+$/, '') || '/';
  const path = strip(pathname);
  const to = strip(item.to);
  if (item.end ?? to === '/') return path === to;
  return path === to || path.startsWith(`${to}/`);
}
