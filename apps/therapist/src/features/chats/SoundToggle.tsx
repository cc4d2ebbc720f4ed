import { Switch } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from '@tend/i18n';
import { playAlertTone, SOUND_KEY, unlockAlertSound } from './sound.ts';

/** "Sound for new requests": off until the therapist turns it on, remembered on this device. Turning it on plays the tone once. */
export function SoundToggle() {
  const { t } = useTranslation('therapist');
  const [on, setOn] = useLocalStorage({
    key: SOUND_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  return (
    <Switch
      checked={on}
      label={t('chats.sound.label')}
      description={t('chats.sound.description')}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setOn(next);
        if (next) {
          unlockAlertSound();
          // The tone reads the stored choice: stored by setOn above.
          queueMicrotask(() => playAlertTone(false));
        }
      }}
    />
  );
}
