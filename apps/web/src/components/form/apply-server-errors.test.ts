import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, serverErrorKey } from './apply-server-errors';

type Values = { username: string; email: string };

function setErrorMock() {
  return vi.fn<UseFormSetError<Values>>();
}

describe('applyServerErrors', () => {
  it('puts each issue at its field, also when the path is nested', () => {
    const setError = setErrorMock();
    const placed = applyServerErrors<Values>(
      new ApiError(409, 'conflict', 'Conflict', [
        { path: 'username', message: 'This username is taken' },
        { path: 'body.email', message: 'Enter a valid e-mail address' },
      ]),
      setError,
      ['username', 'email'],
    );
    expect(placed).toBe(true);
    expect(setError.mock.calls.map(([name, error]) => [name, error.message])).toEqual([
      ['username', 'This username is taken'],
      ['email', 'Enter a valid e-mail address'],
    ]);
  });

  it('sends the message and issues of unknown fields to the form alert, once each', () => {
    const setError = setErrorMock();
    const placed = applyServerErrors<Values>(
      new ApiError(400, 'invalid_input', 'The link expired', [
        { path: 'token', message: 'The link expired' },
      ]),
      setError,
      ['username', 'email'],
    );
    expect(placed).toBe(false);
    expect(setError.mock.calls).toEqual([
      [serverErrorKey, { type: 'server', message: 'The link expired' }],
    ]);
  });

  it('falls back to a generic message for an error that is not from the api', () => {
    const setError = setErrorMock();
    applyServerErrors<Values>(new Error('boom'), setError, ['username']);
    expect(setError.mock.calls[0]?.[0]).toBe(serverErrorKey);
    expect(setError.mock.calls[0]?.[1].message).toBe('Something went wrong. Please try again.');
  });
});
