import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { ChatThread } from './chat/components/ChatThread.tsx';
import { CheckupTrend } from './progress/CheckupTrend.tsx';

// An empty list says what will appear there and the one next step.
describe('empty states of the shared views', () => {
  it('the mood trend without check-ups: what appears there, and a longer period', () => {
    renderWithProviders(<CheckupTrend measure="mood" points={[]} timeZone="Europe/London" />);
    expect(
      screen.getByText(
        'No check-ups in this period. Your mood appears here after each daily check-up; choose a longer period to see earlier ones.',
      ),
    ).toBeInTheDocument();
  });

  it('a chat without messages: write the first one below; a read-only chat says only that it has none', () => {
    const { unmount } = renderWithProviders(<ChatThread items={[]} label="Conversation with Alex" />);
    expect(screen.getByText('No messages yet. Write the first one in the box below.')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ChatThread items={[]} label="Past chat" emptyText="No messages were written in this chat." />,
    );
    expect(screen.getByText('No messages were written in this chat.')).toBeInTheDocument();
    expect(screen.queryByText(/Write the first one/)).not.toBeInTheDocument();
  });
});
