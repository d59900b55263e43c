import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from './client';
import { actionFor, badRequestMessage, formProblem, serverErrorMessage } from './errors';

describe('HTTP error mapping (product §8)', () => {
  it("400 → message.error, else message, else 'Bad request!!'", () => {
    expect(actionFor(new HttpError(400, 'Bad Request', { message: { error: 'Nested' } }))).toEqual({
      kind: 'toast',
      message: 'Nested',
    });
    expect(badRequestMessage({ message: 'Plain' })).toBe('Plain');
    expect(badRequestMessage({ message: { other: 1 } })).toBe('Bad request!!');
    expect(badRequestMessage(null)).toBe('Bad request!!');
  });
  it('401 and 403 → sign-in, no toast', () => {
    expect(actionFor(new HttpError(401, 'Unauthorized', { message: 'x' }))).toEqual({ kind: 'signin' });
    expect(actionFor(new HttpError(403, 'Forbidden', null))).toEqual({ kind: 'signin' });
    // A locked session is unlocked, not signed in again (docs/accounts.md "Lock screen").
    expect(actionFor(new HttpError(401, 'Unauthorized', { code: 'session_locked', message: 'x' }))).toEqual({
      kind: 'locked',
    });
  });
  it("other statuses → message, else '{status} - {statusText}', else 'Server error'", () => {
    expect(actionFor(new HttpError(500, 'Internal Server Error', { message: 'DB down' }))).toEqual({
      kind: 'toast',
      message: 'DB down',
    });
    expect(serverErrorMessage(502, 'Bad Gateway', '<html>')).toBe('502 - Bad Gateway');
    expect(serverErrorMessage(0, '', null)).toBe('Server error');
    expect(serverErrorMessage(504, '', {})).toBe('Server error');
  });
  it("no answer at all → 'Server error'; the offline page too when the browser is offline", () => {
    expect(actionFor(new NetworkError(), true)).toEqual({ kind: 'toast', message: 'Server error' });
    expect(actionFor(new NetworkError(), false)).toEqual({ kind: 'offline', message: 'Server error' });
  });
});

describe('formProblem: what a form says when saving failed', () => {
  const refused = new HttpError(400, 'Bad Request', {
    message: 'x',
    issues: [{ path: 'body.effectiveAt', message: 'must be now or later' }],
  });
  it('names the first refused field, by its label when known', () => {
    expect(formProblem(refused)).toBe('effectiveAt: must be now or later');
    expect(formProblem(refused, { labels: { effectiveAt: 'In effect from' } })).toBe(
      'In effect from: must be now or later',
    );
  });
  it("else the server's message, the status, or what to do without a server", () => {
    expect(formProblem(new HttpError(409, 'Conflict', { message: 'Already there.' }))).toBe('Already there.');
    expect(formProblem(new HttpError(500, 'x', null), { failed: 'Publishing failed' })).toBe(
      'Publishing failed (500).',
    );
    expect(formProblem(new NetworkError())).toMatch(/cannot be reached/);
    expect(formProblem(null)).toBeNull();
  });
});
