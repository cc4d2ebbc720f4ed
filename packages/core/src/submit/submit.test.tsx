import { Button, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@tend/api/http';
import { renderWithProviders } from '@tend/ui/test-utils';
import { ProblemAlert } from '../problem/ProblemAlert.tsx';
import { useSubmit } from './useSubmit.ts';
import { useVersionedForm } from './useVersionedForm.ts';
import { VersionConflictPanel } from './VersionConflictPanel.tsx';

function SubmitProbe({ action }: { action: (n: number) => Promise<string> }) {
  const s = useSubmit(action);
  return (
    <div>
      <Button onClick={() => void s.submit(1)} loading={s.pending}>
        Go
      </Button>
      {s.succeeded ? <p>Done: {s.data}</p> : null}
      <ProblemAlert problem={s.problem} onRetry={() => void s.submit(1)} />
    </div>
  );
}

describe('useSubmit', () => {
  it('shows pending, then the translated problem with a retry, then success', async () => {
    let calls = 0;
    const action = vi.fn(async () => {
      calls++;
      if (calls === 1) throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
      return 'ok';
    });
    const { user } = renderWithProviders(<SubmitProbe action={action} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tend is not available for a moment');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Done: ok')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('never retries by itself', async () => {
    const action = vi.fn(async () => {
      throw new ApiError({ status: 500, code: 'internal', message: 'x' });
    });
    const { user } = renderWithProviders(<SubmitProbe action={action} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByRole('alert');
    expect(action).toHaveBeenCalledTimes(1);
  });
});

interface Org {
  name: string;
  maxRedemptions: number;
  etag: string;
}
type Values = { name: string; maxRedemptions: string };

function OrgForm({
  resource,
  save,
}: {
  resource: Org | undefined;
  save: (v: Values, etag: string) => Promise<Org>;
}) {
  const vf = useVersionedForm<Org, Values, Org>({
    resource,
    etag: resource?.etag,
    initialValues: { name: '', maxRedemptions: '' },
    toValues: (r) => ({ name: r.name, maxRedemptions: String(r.maxRedemptions) }),
    save,
    savedResource: (saved) => saved,
    validate: { name: (v) => (v.trim() ? null : "can't be blank") },
  });
  return (
    <form onSubmit={vf.onSubmit}>
      <TextInput label="Name" {...vf.form.getInputProps('name')} />
      <TextInput label="Places" {...vf.form.getInputProps('maxRedemptions')} />
      <Button type="submit" loading={vf.pending}>
        Save
      </Button>
      {vf.conflict ? (
        <VersionConflictPanel
          conflict={vf.conflict}
          labels={{ name: 'Name', maxRedemptions: 'Places' }}
          pending={vf.pending}
        />
      ) : (
        <ProblemAlert problem={vf.problem} />
      )}
      {vf.succeeded ? <p>Saved version {vf.etag}</p> : null}
    </form>
  );
}

describe('useVersionedForm', () => {
  const loaded: Org = { name: 'Tend Health', maxRedemptions: 100, etag: 'v1' };

  /** The form once `label`'s field shows the loaded organisation. */
  async function renderLoaded(save: (v: Values, etag: string) => Promise<Org>, label: 'Name' | 'Places') {
    const { user } = renderWithProviders(<OrgForm resource={loaded} save={save} />);
    const field = await screen.findByLabelText(label);
    await waitFor(() => expect(field).toHaveValue(label === 'Name' ? 'Tend Health' : '100'));
    return { user, field };
  }

  /** The loaded form with `label`'s field typed over with `text`, then saved. */
  async function typeOverAndSave(
    save: (v: Values, etag: string) => Promise<Org>,
    label: 'Name' | 'Places',
    text: string,
  ) {
    const { user, field } = await renderLoaded(save, label);
    await user.clear(field);
    await user.type(field, text);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return user;
  }

  it('sends the ETag it read and takes the new one from the answer', async () => {
    const save = vi.fn(async (v: Values) => ({
      name: v.name,
      maxRedemptions: Number(v.maxRedemptions),
      etag: 'v2',
    }));
    await typeOverAndSave(save, 'Name', 'Tend NHS');
    expect(await screen.findByText('Saved version v2')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ name: 'Tend NHS', maxRedemptions: '100' }, 'v1');
  });

  it('on 412 keeps my edits, shows mine against the stored values, and re-applies them onto the stored version', async () => {
    const stored: Org = { name: 'Tend Health', maxRedemptions: 150, etag: 'v2' };
    const save = vi
      .fn<(v: Values, etag: string) => Promise<Org>>()
      .mockRejectedValueOnce(
        new ApiError({
          status: 412,
          code: 'etag_mismatch',
          message: 'x',
          etag: 'v2',
          details: { currentEtag: 'v2', current: stored },
        }),
      )
      .mockImplementationOnce(async (v) => ({
        name: v.name,
        maxRedemptions: Number(v.maxRedemptions),
        etag: 'v3',
      }));
    const user = await typeOverAndSave(save, 'Name', 'Tend NHS');

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Someone else saved this while you were editing');
    const rows = within(panel).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'FieldYour versionSaved now',
      'NameChanged by youTend NHSTend Health',
      'PlacesChanged by someone else100150',
    ]);
    // nothing typed is lost
    expect(screen.getByLabelText('Name')).toHaveValue('Tend NHS');

    await user.click(within(panel).getByRole('button', { name: 'Keep my changes and save' }));
    expect(await screen.findByText('Saved version v3')).toBeInTheDocument();
    expect(save).toHaveBeenLastCalledWith({ name: 'Tend NHS', maxRedemptions: '150' }, 'v2');
    expect(screen.getByLabelText('Places')).toHaveValue('150');
  });

  it('can drop my edits for the stored version', async () => {
    const stored: Org = { name: 'Renamed', maxRedemptions: 100, etag: 'v2' };
    const save = vi.fn().mockRejectedValueOnce(
      new ApiError({
        status: 412,
        code: 'etag_mismatch',
        message: 'x',
        etag: 'v2',
        details: { current: stored },
      }),
    );
    const user = await typeOverAndSave(save, 'Places', '120');
    await user.click(await screen.findByRole('button', { name: 'Discard my changes' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Renamed');
    expect(screen.getByLabelText('Places')).toHaveValue('100');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps everything typed on another failure and does not call the server with invalid values', async () => {
    const save = vi.fn().mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: 'invalid_request',
        message: 'x',
        details: { fields: { 'body.maxRedemptions': 'must be a number' } },
      }),
    );
    const { user, field: name } = await renderLoaded(save, 'Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("can't be blank")).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.type(name, 'X');
    await user.clear(screen.getByLabelText('Places'));
    await user.type(screen.getByLabelText('Places'), 'many');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The field the server refused is marked in the screen's words, never the server's English reason.
    expect(await screen.findByText('Please check this.')).toBeInTheDocument();
    expect(screen.queryByText('must be a number')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Places')).toHaveValue('many');
    expect(screen.getByLabelText('Name')).toHaveValue('X');
  });
});
