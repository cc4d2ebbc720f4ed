import { Radio, type RadioGroupProps } from '@mantine/core';
import { IconMoodCry, IconMoodEmpty, IconMoodHappy, IconMoodSad, IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from '@tend/i18n';
import classes from './MoodScale.module.css';

const FACES = {
  '1': IconMoodCry,
  '2': IconMoodSad,
  '3': IconMoodEmpty,
  '4': IconMoodSmile,
  '5': IconMoodHappy,
};

/**
 * The mood question as a visual scale: five faces, each with its word and colour, over native radios in one
 * group (Tab reaches the group, arrow keys move; the word is each radio's name, the face is decoration).
 */
export function MoodScale(props: Omit<RadioGroupProps, 'children' | 'label'>) {
  const { t } = useTranslation('patient');
  return (
    <Radio.Group label={t('checkup.fields.mood')} {...props}>
      <div className={classes.options}>
        {(['1', '2', '3', '4', '5'] as const).map((value) => {
          const Face = FACES[value];
          return (
            <Radio
              key={value}
              value={value}
              wrapperProps={{ 'data-mood': value }}
              classNames={{
                root: classes.root,
                body: classes.body,
                inner: classes.inner,
                labelWrapper: classes.labelWrapper,
                label: classes.label,
              }}
              label={
                <>
                  <Face size={32} stroke={1.6} className={classes.face} aria-hidden="true" />
                  <span>{t(`checkup.mood.${value}`)}</span>
                </>
              }
            />
          );
        })}
      </div>
    </Radio.Group>
  );
}
