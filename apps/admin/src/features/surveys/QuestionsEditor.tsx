import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { newQuestion, QUESTION_TYPES, type EditorValues } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { QuestionCard } from './QuestionCard.tsx';

/**
 * The survey's questions, each a card (wording, kind, needed or optional, its answers or range), reordered by
 * dragging a card's handle (pointer or keyboard, @dnd-kit: its keyboard sensor and screen-reader
 * announcements, in the admin's words) or with Move up / Move down. Every move is announced.
 */
export function QuestionsEditor({ form }: { form: UseFormReturnType<EditorValues> }) {
  const { t } = useTranslation('admin');
  const questions = form.getValues().questions;
  const [announcement, setAnnouncement] = useState('');
  const addRef = useRef<HTMLButtonElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = questions.map((q) => q.id);
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const count = questions.length;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    const id = ids[from]!;
    form.reorderListItem('questions', { from, to });
    setAnnouncement(t('surveys.editor.moved', { position: to + 1, count }));
    // At an end the button pressed becomes disabled: the focus goes to the card's other move button.
    if (to === 0 || to === count - 1)
      requestAnimationFrame(() =>
        document.getElementById(`survey-question-${id}-${to === 0 ? 'down' : 'up'}`)?.focus(),
      );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    form.reorderListItem('questions', {
      from: ids.indexOf(String(active.id)),
      to: ids.indexOf(String(over.id)),
    });
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('surveys.editor.dnd.picked', { position: position(active.id), count }),
    onDragOver: ({ over }) =>
      over ? t('surveys.editor.dnd.over', { position: position(over.id), count }) : undefined,
    onDragEnd: ({ over }) =>
      over ? t('surveys.editor.dnd.dropped', { position: position(over.id), count }) : undefined,
    onDragCancel: ({ active }) => t('surveys.editor.dnd.cancelled', { position: position(active.id) }),
  };

  const add = (type: (typeof QUESTION_TYPES)[number]) => {
    const question = newQuestion(type, questions);
    form.insertListItem('questions', question);
    setAnnouncement(t('surveys.editor.added', { n: count + 1 }));
    // The new question's wording takes the focus, so the admin writes it straight away.
    requestAnimationFrame(() => document.getElementById(`survey-question-${question.id}-text`)?.focus());
  };

  const remove = (index: number) => {
    form.removeListItem('questions', index);
    setAnnouncement(t('surveys.editor.removed'));
    // The focus goes to the question now in its place (or the one before it), else to "Add a question".
    const next = ids.filter((_, i) => i !== index)[Math.min(index, count - 2)];
    requestAnimationFrame(() =>
      (next ? document.getElementById(`survey-question-${next}-text`) : addRef.current)?.focus(),
    );
  };

  const listError = form.errors.questions;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('surveys.editor.questionsIntro')}
      </Text>
      {count === 0 ? <Text c="dimmed">{t('surveys.editor.empty')}</Text> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('surveys.editor.dnd.instructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack
            component="ol"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('surveys.fields.questions')}
          >
            {questions.map((q, i) => (
              <QuestionCard key={q.id} form={form} index={i} count={count} onMove={move} onRemove={remove} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {listError ? (
        <Text c="red.9" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      <Menu position="bottom-start">
        <Menu.Target>
          <Button
            ref={addRef}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
            disabled={count >= 100}
          >
            {t('surveys.editor.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {QUESTION_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => add(type)}>
              {t(`surveys.kinds.${type}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
