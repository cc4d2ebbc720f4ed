import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';

/** Switches between light and dark colours; the choice is remembered. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  // keepTransitions: Mantine would otherwise pause transitions with an inline <style> (refused by the CSP).
  const { setColorScheme } = useMantineColorScheme({ keepTransitions: true });
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = computed === 'dark';
  const label = dark ? t('shell.useLightScheme') : t('shell.useDarkScheme');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      >
        {dark ? <IconSun aria-hidden="true" size={20} /> : <IconMoon aria-hidden="true" size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
