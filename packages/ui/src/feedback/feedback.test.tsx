import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderWithProviders } from '../test-utils.tsx';
import { formatPageTitle, PageTitle } from './PageTitle.tsx';
import { PageLoader, Spinner } from './Spinner.tsx';

describe('Spinner and PageLoader', () => {
  it('is a labelled status', async () => {
    const { container } = renderWithProviders(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('can show its label and say what loads', () => {
    renderWithProviders(<Spinner label="Loading your moments" showLabel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your moments');
    expect(screen.getByText('Loading your moments')).toBeVisible();
  });

  it('PageLoader', () => {
    renderWithProviders(<PageLoader label="Please wait" />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
  });
});

describe('PageTitle', () => {
  it('formats titles', () => {
    expect(formatPageTitle('Security', 'Tend')).toBe('Security – Tend');
    expect(formatPageTitle('  ', 'Tend')).toBe('Tend');
    expect(formatPageTitle(undefined, 'Tend')).toBe('Tend');
  });

  it('sets document.title and follows changes', () => {
    const { rerender } = renderWithProviders(<PageTitle title="Install the app" />);
    expect(document.title).toBe('Install the app – Tend');
    rerender(<PageTitle title="Not found" />);
    expect(document.title).toBe('Not found – Tend');
  });
});
